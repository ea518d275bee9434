"""`storygraph lsp` on a ChoiceScript game (fixtures/choicescript/kiln: startup.txt and a
scene): a scene is analysed with its game, labels are children of their scene, and the
state search decides the hover's verdict."""

from lsprotocol import types

from conftest import code_actions, completion, definition, diagnostics, hover, open_document, symbols, until, uri

STARTUP = "choicescript/kiln/startup.txt"
YARD = "choicescript/kiln/yard.txt"


async def test_diagnostics_on_open_at_exact_ranges_in_every_file_of_the_game(client):
    document = await open_document(client, YARD, "choicescript")
    assert diagnostics(client, document) == [
        (
            (5, 10, 5, 16),
            1,
            "broken-link",
            "storygraph",
            "choice 'Break them.' of passage 'yard' leads to 'yard:markit', which does not exist; "
            "did you mean 'yard:market'?",
        ),
        (
            (9, 0, 9, 7),
            2,
            "choicescript-finish-no-next",
            "storygraph",
            "there is no next scene; *finish will end game. Use *ending instead.",
        ),
    ]
    startup = uri(STARTUP)
    await until(lambda: startup in client.diagnostics)
    assert diagnostics(client, startup) == [
        (
            (20, 4, 20, 16),
            2,
            "condition-never-true",
            "storygraph",
            "the condition of choice 'Peer inside.' (heat > 5) in passage 'startup:lit' never holds when a reader "
            "gets there",
        ),
        (
            (24, 0, 24, 13),
            2,
            "unreachable-under-state",
            "storygraph",
            "passage 'startup:inside' is reached by the story's links but by no reader, given its variables",
        ),
    ]


async def test_definition_of_a_goto_and_a_goto_scene(client):
    document = await open_document(client, STARTUP, "choicescript")
    assert await definition(client, document, 20, 11) == (document, (24, 7, 24, 13))
    # A scene's header is the start of its file.
    assert await definition(client, document, 14, 18) == (uri(YARD), (0, 0, 0, 0))


async def test_hover_gives_the_state_verdict(client):
    document = await open_document(client, STARTUP, "choicescript")
    inside = "\n".join(
        [
            "**startup:inside**",
            "",
            "- Paths through it: 1 of 3 from the start to an ending",
            "- Endings it can reach: 1 (`yard:market`)",
            "- Odds of reaching it: 25% for a reader who picks at random, conditions aside",
            "- Odds from it: `yard:market` 50%, a broken link 50%",
            "- Under state: never reached: no playthrough gets here under the story's conditions "
            "(every state explored)",
        ]
    )
    assert await hover(client, document, 24, 8) == (inside, (24, 7, 24, 13))
    assert await hover(client, document, 20, 12) == (inside, (20, 10, 20, 16))
    scene = await open_document(client, YARD, "choicescript")
    market, _ = await hover(client, scene, 7, 9)
    assert market.splitlines()[-1] == "- Under state: reachable (a playthrough that respects the conditions gets here)"


async def test_symbols_scene_with_its_labels(client):
    document = await open_document(client, STARTUP, "choicescript")
    module, method = types.SymbolKind.Module, types.SymbolKind.Method
    assert await symbols(client, document) == [
        (
            "startup",
            module,
            (0, 0, 26, 16),
            (0, 0, 0, 0),
            [
                ("lit", method, (16, 0, 22, 20), (16, 7, 16, 10), []),
                ("inside", method, (24, 0, 26, 16), (24, 7, 24, 13), []),
            ],
        )
    ]


async def test_completion_of_labels_and_scenes(client):
    document = await open_document(client, YARD, "choicescript")
    # `*goto m|arkit`: the labels of this scene.
    assert await completion(client, document, 5, 11) == [("market", (5, 10, 5, 11), "market")]
    startup = await open_document(client, STARTUP, "choicescript")
    # `*goto_scene |yard`: the scenes.
    assert await completion(client, startup, 14, 16) == [
        ("startup", (14, 16, 14, 16), "startup"),
        ("yard", (14, 16, 14, 16), "yard"),
    ]


async def test_code_action_applies_the_did_you_mean(client):
    document = await open_document(client, YARD, "choicescript")
    assert await code_actions(client, document, (5, 12), (5, 12)) == [
        ("Change 'markit' to 'market'", "quickfix", ["broken-link"], {document: [((5, 10, 5, 16), "market")]})
    ]
