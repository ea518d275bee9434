"""A real LSP client (pytest-lsp) talking to `storygraph lsp`, started as a process.

STORYGRAPH names the binary (default: .build/debug/storygraph from the repository root).
"""

import asyncio
import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
BINARY = os.environ.get("STORYGRAPH", str(ROOT / ".build" / "debug" / "storygraph"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp", "--debounce", "50"]))
async def client(lsp_client: LanguageClient):
    # The capabilities VS Code declares.
    params = types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def uri(relative: str) -> str:
    return (FIXTURES / relative).as_uri()


async def until(condition, seconds: float = 20.0):
    """Waits until condition() holds (a notification arrived), or fails."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out waiting")


async def open_document(client: LanguageClient, relative: str, language: str) -> str:
    """Opens a fixture as the editor would and waits for its diagnostics."""
    document = uri(relative)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=document, language_id=language, version=1, text=(FIXTURES / relative).read_text()
            )
        )
    )
    await until(lambda: document in client.diagnostics)
    return document


def span(r: types.Range) -> tuple:
    return (r.start.line, r.start.character, r.end.line, r.end.character)


def diagnostics(client: LanguageClient, document: str) -> list:
    return [
        (span(d.range), d.severity, d.code, d.source, d.message) for d in client.diagnostics[document]
    ]


def where(document: str, line: int, character: int) -> dict:
    return dict(text_document=types.TextDocumentIdentifier(uri=document), position=types.Position(line, character))


async def hover(client, document, line, character):
    result = await client.text_document_hover_async(types.HoverParams(**where(document, line, character)))
    return result.contents.value, span(result.range)


async def definition(client, document, line, character):
    result = await client.text_document_definition_async(types.DefinitionParams(**where(document, line, character)))
    if isinstance(result, list):
        assert len(result) == 1
        result = result[0]
    return result.uri, span(result.range)


def symbol_tree(symbols) -> list:
    return [
        (s.name, s.kind, span(s.range), span(s.selection_range), symbol_tree(s.children or []))
        for s in symbols
    ]


async def symbols(client, document):
    return symbol_tree(
        await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=document))
        )
    )


async def completion(client, document, line, character):
    result = await client.text_document_completion_async(types.CompletionParams(**where(document, line, character)))
    items = result.items if hasattr(result, "items") else result
    return [(item.label, span(item.text_edit.range), item.text_edit.new_text) for item in items]


async def code_actions(client, document, start: tuple, end: tuple, diagnostics=()):
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=document),
            range=types.Range(start=types.Position(*start), end=types.Position(*end)),
            context=types.CodeActionContext(diagnostics=list(diagnostics)),
        )
    )
    return [
        (
            action.title,
            action.kind,
            [d.code for d in action.diagnostics],
            {
                target: [(span(edit.range), edit.new_text) for edit in edits]
                for target, edits in action.edit.changes.items()
            },
        )
        for action in result
    ]
