"""highlightd as a plain language server, seen by pygls' client (lsprotocol types)."""

import pytest_lsp
from conftest import BINARY
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

SOURCE = 'fn main() {\n    // see https://example.com/docs\n    let s = "héllo 😀";\n}\n'
URI = "file:///tmp/sample.rs"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "serve"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(
                general=types.GeneralClientCapabilities(
                    position_encodings=[types.PositionEncodingKind.Utf16]
                )
            )
        )
    )
    lsp_client.initialize_result = result
    yield
    await lsp_client.shutdown_session()


def open_sample(client: LanguageClient):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="rust", version=1, text=SOURCE)
        )
    )


async def test_initialize_negotiates_utf16_and_declares_the_legend(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    legend = capabilities.semantic_tokens_provider.legend
    assert "keyword" in legend.token_types and "string" in legend.token_types
    assert capabilities.document_link_provider is not None


async def test_semantic_tokens_mark_keywords_strings_and_comments(client: LanguageClient):
    open_sample(client)
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    legend = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    lines = SOURCE.split("\n")
    line = start = 0
    found = {}
    data = result.data
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, token_type, _ = data[index : index + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        # Positions are UTF-16: slice the line's UTF-16 code units.
        units = lines[line].encode("utf-16-le")
        text = units[2 * start : 2 * (start + length)].decode("utf-16-le")
        found.setdefault(legend[token_type], []).append(text)
    assert "fn" in found.get("keyword", []) and "let" in found.get("keyword", [])
    assert any("héllo 😀" in text for text in found.get("string", []))
    assert any("https://example.com/docs" in text for text in found.get("comment", []))


async def test_document_links_use_utf16_positions(client: LanguageClient):
    open_sample(client)
    links = await client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [link.target for link in links] == ["https://example.com/docs"]
    link = links[0]
    assert link.range.start == types.Position(line=1, character=11)
    assert link.range.end == types.Position(line=1, character=35)


async def test_incremental_changes_keep_links_in_step(client: LanguageClient):
    open_sample(client)
    # Insert "😀 " before the link: two UTF-16 units for the emoji, one for the space.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=1, character=11), end=types.Position(line=1, character=11)
                    ),
                    text="😀 ",
                )
            ],
        )
    )
    links = await client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [(link.range.start.character, link.range.end.character) for link in links] == [(14, 38)]
