"""`storygraph lsp` on a Yarn project (fixtures/yarn/quarry: a .yarnproject and two files):
a file is analysed with its project, and a jump leads into the other file."""

from lsprotocol import types

from conftest import code_actions, completion, definition, diagnostics, hover, open_document, symbols, uri

START = "yarn/quarry/start.yarn"
LEDGE = "yarn/quarry/ledge.yarn"


async def test_diagnostics_on_open_at_exact_ranges(client):
    document = await open_document(client, START, "yarn")
    assert diagnostics(client, document) == [
        (
            (6, 11, 6, 16),
            1,
            "broken-link",
            "storygraph",
            "choice 'Call out' of passage 'Start' leads to 'Echoo', which does not exist; did you mean 'Echo'?",
        )
    ]
    # The other file of the project is analysed with it: its node Echo is no unreachable one.
    other = await open_document(client, LEDGE, "yarn")
    assert diagnostics(client, other) == []


async def test_definition_across_the_files_of_the_project(client):
    document = await open_document(client, START, "yarn")
    assert await definition(client, document, 4, 14) == (uri(LEDGE), (0, 7, 0, 12))


async def test_hover_on_a_jump(client):
    document = await open_document(client, START, "yarn")
    assert await hover(client, document, 4, 14) == (
        "\n".join(
            [
                "**Ledge**",
                "",
                "- Paths through it: 1 of 1 from the start to an ending",
                "- Endings it can reach: 1 (`Echo`)",
                "- Odds of reaching it: 50% for a reader who picks at random, conditions aside",
                "- Odds from it: `Echo` 100%",
                "- Under state: reachable (the story has no variables: its structure decides)",
            ]
        ),
        (4, 11, 4, 16),
    )


async def test_symbols_nodes(client):
    document = await open_document(client, LEDGE, "yarn")
    module = types.SymbolKind.Module
    assert await symbols(client, document) == [
        ("Ledge", module, (0, 0, 5, 3), (0, 7, 0, 12), []),
        ("Echo", module, (6, 0, 9, 3), (6, 7, 6, 11), []),
    ]


async def test_completion_in_a_jump(client):
    document = await open_document(client, START, "yarn")
    # `<<jump E|choo>>`: the nodes of both files that start with E.
    assert await completion(client, document, 6, 13) == [("Echo", (6, 11, 6, 13), "Echo")]
    assert [label for label, _, _ in await completion(client, document, 4, 11)] == ["Echo", "Ledge", "Start"]


async def test_code_action_applies_the_did_you_mean(client):
    document = await open_document(client, START, "yarn")
    assert await code_actions(client, document, (6, 11), (6, 16)) == [
        ("Change 'Echoo' to 'Echo'", "quickfix", ["broken-link"], {document: [((6, 11, 6, 16), "Echo")]})
    ]
