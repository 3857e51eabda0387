"""textDocument/foldingRange through pygls' client: grammar regions and indentation."""

import pytest_lsp
from conftest import BINARY
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

RUST = """fn main() {
    /* a comment
       on two lines */
    if true {
        work();
    } else {
        rest();
    }
}
"""
PYTHON = """def f(x):
    if x:

        return 1
    return 2

g = 3
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "serve"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities())
    )
    lsp_client.initialize_result = result
    yield
    await lsp_client.shutdown_session()


def open_document(client, uri, language, text):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        )
    )


async def folds(client, uri):
    result = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    return [(r.start_line, r.end_line, r.kind) for r in result]


async def test_the_server_declares_folding(client: LanguageClient):
    assert client.initialize_result.capabilities.folding_range_provider


async def test_blocks_fold_to_the_line_before_their_end_and_comments_to_their_last(
    client: LanguageClient,
):
    open_document(client, "file:///tmp/a.rs", "rust", RUST)
    assert await folds(client, "file:///tmp/a.rs") == [
        (0, 7, None),
        (1, 2, types.FoldingRangeKind.Comment),
        (3, 4, None),
        (5, 6, None),
    ]


async def test_python_folds_by_indentation_leaving_trailing_blank_lines_out(client: LanguageClient):
    open_document(client, "file:///tmp/a.py", "python", PYTHON)
    assert await folds(client, "file:///tmp/a.py") == [(0, 4, None), (1, 3, None)]


async def test_folds_follow_edits(client: LanguageClient):
    open_document(client, "file:///tmp/b.rs", "rust", RUST)
    # Close the `if` block early: its region shrinks and the `else` one goes.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri="file:///tmp/b.rs", version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(5, 4), end=types.Position(7, 5)),
                    text="}",
                )
            ],
        )
    )
    assert await folds(client, "file:///tmp/b.rs") == [
        (0, 5, None),
        (1, 2, types.FoldingRangeKind.Comment),
        (3, 4, None),
    ]
