"""`storygraph lsp` on an ink story (fixtures/ink/ferry.ink): knots, a stitch, diverts."""

from lsprotocol import types

from conftest import code_actions, completion, definition, diagnostics, hover, open_document, symbols

FERRY = "ink/ferry.ink"


async def test_diagnostics_on_open_at_exact_ranges(client):
    document = await open_document(client, FERRY, "ink")
    assert diagnostics(client, document) == [
        (
            (5, 25, 5, 34),
            1,
            "broken-link",
            "storygraph",
            "choice 'Wait on the bench' of passage 'dock' leads to 'dock.bnch', which does not exist; "
            "did you mean 'dock.bench'?",
        ),
        ((7, 0, 7, 7), 2, "unreachable", "storygraph", "passage 'dock.bench' cannot be reached from the start '(root)'"),
    ]


async def test_definition_from_a_divert_to_its_knot(client):
    document = await open_document(client, FERRY, "ink")
    assert await definition(client, document, 0, 4) == (document, (2, 4, 2, 8))
    assert await definition(client, document, 4, 14) == (document, (11, 4, 11, 8))
    # From inside the stitch.
    assert await definition(client, document, 9, 4) == (document, (11, 4, 11, 8))


async def test_hover_on_a_knot_and_on_a_divert(client):
    document = await open_document(client, FERRY, "ink")
    deck = "\n".join(
        [
            "**deck**",
            "",
            "- Paths through it: 2 of 2 from the start to an ending",
            "- Endings it can reach: 2 (`deck.c-0`, `shore`)",
            "- Odds of reaching it: 50% for a reader who picks at random, conditions aside",
            "- Odds from it: `deck.c-0` 50%, `shore` 50%",
            "- Under state: reachable (the story has no variables: its structure decides)",
        ]
    )
    assert await hover(client, document, 11, 5) == (deck, (11, 4, 11, 8))
    assert await hover(client, document, 4, 15) == (deck, (4, 13, 4, 17))
    dock, _ = await hover(client, document, 2, 5)
    assert dock.splitlines()[3:6] == [
        "- Endings it can reach: 2 (`deck.c-0`, `shore`)",
        "- Odds of reaching it: 100% for a reader who picks at random, conditions aside",
        "- Odds from it: `deck.c-0` 25%, `shore` 25%, a broken link 50%",
    ]


async def test_symbols_knots_with_their_stitches(client):
    document = await open_document(client, FERRY, "ink")
    module, method = types.SymbolKind.Module, types.SymbolKind.Method
    assert await symbols(client, document) == [
        ("dock", module, (2, 0, 9, 7), (2, 4, 2, 8), [("bench", method, (7, 0, 9, 7), (7, 2, 7, 7), [])]),
        ("deck", module, (11, 0, 14, 28), (11, 4, 11, 8), []),
        ("shore", module, (16, 0, 18, 6), (16, 4, 16, 9), []),
    ]


async def test_completion_after_a_divert(client):
    document = await open_document(client, FERRY, "ink")
    # `* [Board] -> |deck`: every knot and stitch.
    assert await completion(client, document, 4, 13) == [
        (name, (4, 13, 4, 13), name) for name in ["deck", "dock", "dock.bench", "shore"]
    ]
    # `-> dock.|bnch`: the stitches of dock.
    assert await completion(client, document, 5, 30) == [("dock.bench", (5, 25, 5, 30), "dock.bench")]


async def test_code_action_applies_the_did_you_mean(client):
    document = await open_document(client, FERRY, "ink")
    assert await code_actions(client, document, (5, 27), (5, 27)) == [
        ("Change 'dock.bnch' to 'dock.bench'", "quickfix", ["broken-link"], {document: [((5, 25, 5, 34), "dock.bench")]})
    ]
