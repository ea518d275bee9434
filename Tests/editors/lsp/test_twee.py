"""`storygraph lsp` on a Twee story (fixtures/twee/mill.twee), through a real client."""

from lsprotocol import types

from conftest import code_actions, completion, definition, diagnostics, hover, open_document, symbols, until

MILL = "twee/mill.twee"
BROKEN = (
    (3, 18, 3, 21),
    1,
    "broken-link",
    "storygraph",
    "choice 'Climb the wall' of passage 'Start' leads to 'Wal', which does not exist; did you mean 'Wall'?",
)
UNREACHABLE = ((10, 0, 10, 7), 2, "unreachable", "storygraph", "passage 'Wall' cannot be reached from the start 'Start'")


async def test_diagnostics_on_open_at_exact_ranges(client):
    document = await open_document(client, MILL, "twee")
    assert diagnostics(client, document) == [BROKEN, UNREACHABLE]


async def test_change_uses_the_unsaved_text_and_clears_what_it_fixed(client):
    document = await open_document(client, MILL, "twee")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=document, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(3, 18), end=types.Position(3, 21)), text="Wall"
                )
            ],
        )
    )
    await until(lambda: len(client.diagnostics[document]) == 0)
    # A new broken link, typed and then saved: published again.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=document, version=3),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(7, 11), end=types.Position(7, 15)), text="Hom"
                )
            ],
        )
    )
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=document))
    )
    await until(lambda: len(client.diagnostics[document]) > 0)
    assert diagnostics(client, document) == [
        (
            (7, 11, 7, 14),
            1,
            "broken-link",
            "storygraph",
            "choice 'Go home' of passage 'Yard' leads to 'Hom', which does not exist; did you mean 'Home'?",
        )
    ]


async def test_definition_from_a_link_to_its_passage(client):
    document = await open_document(client, MILL, "twee")
    assert await definition(client, document, 2, 20) == (document, (5, 3, 5, 7))
    assert await definition(client, document, 12, 14) == (document, (14, 3, 14, 7))


async def test_hover_on_a_header_and_on_a_link(client):
    document = await open_document(client, MILL, "twee")
    yard = "\n".join(
        [
            "**Yard**",
            "",
            "- Paths through it: 1 of 1 (simple paths; the story loops, so walks are unbounded)",
            "- Endings it can reach: 1 (`Home`)",
            "- Odds of reaching it: 0.67 visits per reading on average (it is on a loop)",
            "- Odds from it: `Home` 66.67%, a broken link 33.33%",
            "- Under state: reachable (the story has no variables: its structure decides)",
        ]
    )
    assert await hover(client, document, 5, 4) == (yard, (5, 3, 5, 7))
    assert await hover(client, document, 2, 20) == (yard, (2, 18, 2, 22))
    wall, _ = await hover(client, document, 10, 5)
    assert wall == "\n".join(
        [
            "**Wall**",
            "",
            "- Paths through it: 0 from the start to an ending",
            "- Endings it can reach: 1 (`Home`)",
            "- Odds of reaching it: 0% (the start cannot reach it)",
            "- Odds from it: `Home` 100%",
            "- Under state: never reached: no choice from the start leads here",
        ]
    )


async def test_symbols(client):
    document = await open_document(client, MILL, "twee")
    module = types.SymbolKind.Module
    assert await symbols(client, document) == [
        ("Start", module, (0, 0, 3, 23), (0, 3, 0, 8), []),
        ("Yard", module, (5, 0, 8, 27), (5, 3, 5, 7), []),
        ("Wall", module, (10, 0, 12, 19), (10, 3, 10, 7), []),
        ("Home", module, (14, 0, 15, 38), (14, 3, 14, 7), []),
    ]


async def test_completion_of_passage_names_in_a_link(client):
    document = await open_document(client, MILL, "twee")
    # `[[Climb the wall->W|al]]`: names that start with W.
    assert await completion(client, document, 3, 19) == [("Wall", (3, 18, 3, 19), "Wall")]
    # `[[|Cross the yard->Yard]]`: every passage.
    assert [label for label, _, _ in await completion(client, document, 2, 2)] == ["Home", "Start", "Wall", "Yard"]
    # Outside a link: nothing.
    assert await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=document), position=types.Position(1, 5)
        )
    ) is None


async def test_code_action_applies_the_did_you_mean(client):
    document = await open_document(client, MILL, "twee")
    assert await code_actions(client, document, (3, 18), (3, 21), client.diagnostics[document][:1]) == [
        ("Change 'Wal' to 'Wall'", "quickfix", ["broken-link"], {document: [((3, 18, 3, 21), "Wall")]})
    ]
    # Nowhere near a broken link: no action.
    assert await code_actions(client, document, (6, 0), (6, 3)) == []
