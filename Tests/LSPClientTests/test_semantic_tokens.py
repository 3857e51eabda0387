"""Semantic tokens through an independent client: full, delta, range, refresh and the rest of
the LSP surface, checked against lsprotocol's types and against each other."""

import asyncio
import gzip
import json
import pathlib
import random
import subprocess

import pytest
import pytest_lsp
from conftest import BINARY
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

TRACES = pathlib.Path(__file__).resolve().parents[3] / "shared" / "data" / "editing-traces"
SERVER = ClientServerConfig(server_command=[BINARY, "serve"])
URI = "file:///tmp/tokens.rs"


async def start(client: LanguageClient, refresh: bool = False, options=None, token_types=None):
    """Initializes with UTF-16 positions, optionally declaring refresh support."""
    capabilities = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
        workspace=types.WorkspaceClientCapabilities(
            semantic_tokens=types.SemanticTokensWorkspaceClientCapabilities(refresh_support=refresh)
        ),
    )
    if token_types is not None:
        capabilities.text_document = types.TextDocumentClientCapabilities(
            semantic_tokens=types.SemanticTokensClientCapabilities(
                requests=types.ClientSemanticTokensRequestOptions(full=True),
                token_types=token_types,
                token_modifiers=[],
                formats=[types.TokenFormat.Relative],
            )
        )
    client.refreshes = 0

    @client.feature(types.WORKSPACE_SEMANTIC_TOKENS_REFRESH)
    def on_refresh(_params):
        client.refreshes += 1

    result = await client.initialize_session(
        types.InitializeParams(capabilities=capabilities, initialization_options=options)
    )
    client.initialize_result = result
    return result


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient):
    await start(lsp_client)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def refreshing_client(lsp_client: LanguageClient):
    await start(lsp_client, refresh=True)
    yield
    await lsp_client.shutdown_session()


# --- helpers -------------------------------------------------------------------------------


def decode(data):
    """Relative LSP data → absolute (line, start, length, type, modifiers) tuples."""
    tokens = []
    line = start = 0
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, kind, modifiers = data[index : index + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        tokens.append((line, start, length, kind, modifiers))
    return tokens


def apply_delta(data, edits):
    """Applies SemanticTokensEdits to the previous data (from the back, as clients do)."""
    data = list(data)
    for edit in sorted(edits, key=lambda edit: edit.start, reverse=True):
        data[edit.start : edit.start + edit.delete_count] = edit.data or []
    return data


def utf16_position(text, offset):
    """The LSP position (UTF-16) of code point `offset` in `text`."""
    line = text.count("\n", 0, offset)
    line_start = text.rfind("\n", 0, offset) + 1
    return types.Position(line=line, character=len(text[line_start:offset].encode("utf-16-le")) // 2)


def change(text, offset, deleted, inserted):
    """The LSP content change replacing `deleted` code points at `offset`, and the new text."""
    change = types.TextDocumentContentChangePartial(
        range=types.Range(start=utf16_position(text, offset), end=utf16_position(text, offset + deleted)),
        text=inserted,
    )
    return change, text[:offset] + inserted + text[offset + deleted :]


def open_document(client, text, uri=URI, language="rust", version=1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)
        )
    )


def send_changes(client, version, changes, uri=URI):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=changes,
        )
    )


async def full(client, uri=URI):
    return await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )


async def delta(client, previous, uri=URI):
    return await client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(
            text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous
        )
    )


async def token_range(client, start, end, uri=URI):
    return await client.text_document_semantic_tokens_range_async(
        types.SemanticTokensRangeParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=start, end=end)
        )
    )


async def settle(client, uri=URI):
    """Waits until the server reports no background work on the document."""
    for _ in range(600):
        result = await client.protocol.send_request_async("textStorage/attributes", {"uri": uri})
        if not result.pending:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the document never settled")


def trace_window(name, skip, count):
    """The text after `skip` transactions of a real editing trace and the next `count` ones."""
    trace = json.load(gzip.open(TRACES / f"{name}.json.gz"))
    text = ""
    for transaction in trace["txns"][:skip]:
        for offset, deleted, inserted in transaction["patches"]:
            text = text[:offset] + inserted + text[offset + deleted :]
    return text, [transaction["patches"] for transaction in trace["txns"][skip : skip + count]]


# --- delta ---------------------------------------------------------------------------------


async def test_capabilities_declare_delta_and_range(client: LanguageClient):
    provider = client.initialize_result.capabilities.semantic_tokens_provider
    assert provider.full.delta is True
    assert provider.range is True
    assert "documentation" in provider.legend.token_modifiers
    assert "link" not in provider.legend.token_types


async def test_delta_after_every_edit_of_a_real_trace_rebuilds_the_full_data(client: LanguageClient):
    text, transactions = trace_window("rustcode", 3000, 200)
    open_document(client, text)
    result = await full(client)
    data, result_id = result.data, result.result_id
    version = 1
    for patches in transactions:
        changes = []
        for offset, deleted, inserted in patches:
            edit, text = change(text, offset, deleted, inserted)
            changes.append(edit)
        version += 1
        send_changes(client, version, changes)
        await settle(client)
        answer = await delta(client, result_id)
        assert isinstance(answer, types.SemanticTokensDelta), "a delta for the last result id"
        data = apply_delta(data, answer.edits)
        result_id = answer.result_id
        # The oracle: a range over the whole document, which leaves the delta state alone.
        whole = await token_range(client, types.Position(line=0, character=0), utf16_position(text, len(text)))
        assert decode(data) == decode(whole.data), f"after version {version}"
    final = await full(client)
    assert list(final.data) == data


async def test_delta_across_random_multiline_edits_and_several_edits_per_request(client: LanguageClient):
    rng = random.Random(20261123)
    text = (
        "// Notes: https://example.com/a\n"
        + "".join(f'fn f{i}(x: u32) -> u32 {{ let s = "é😀{i}"; x + {i} }}\n' for i in range(60))
        + "/* open\n still */\nstruct S;\n"
    )
    pieces = ["\n", "/*", "*/", '"', "let x = 1;\n", "é😀", "// c\n", "fn g() {}\n\n", "}"]
    open_document(client, text)
    result = await full(client)
    data, result_id = result.data, result.result_id
    version = 1
    for _ in range(120):
        for _ in range(rng.randint(1, 3)):
            offset = rng.randint(0, len(text))
            deleted = rng.choice([0, 0, 1, rng.randint(0, 80)])
            deleted = min(deleted, len(text) - offset)
            edit, text = change(text, offset, deleted, rng.choice(pieces + [""]))
            version += 1
            send_changes(client, version, [edit])
        await settle(client)
        answer = await delta(client, result_id)
        data = apply_delta(data, answer.edits)
        result_id = answer.result_id
        whole = await token_range(client, types.Position(line=0, character=0), utf16_position(text, len(text)))
        assert decode(data) == decode(whole.data), f"after version {version}"


async def test_a_stale_result_id_gets_the_full_tokens(client: LanguageClient):
    open_document(client, "fn main() { let x = 1; }\n")
    first = await full(client)
    second = await full(client)
    answer = await delta(client, first.result_id)
    assert isinstance(answer, types.SemanticTokens)
    assert answer.data == second.data


async def test_an_unchanged_document_gives_an_empty_delta(client: LanguageClient):
    open_document(client, "fn main() { let x = 1; }\n")
    first = await full(client)
    answer = await delta(client, first.result_id)
    assert isinstance(answer, types.SemanticTokensDelta)
    assert not answer.edits
    assert answer.result_id != first.result_id


async def test_a_one_character_edit_sends_a_small_delta(client: LanguageClient):
    text = "".join(f"fn f{i}() {{ let v = {i}; }}\n" for i in range(2000))
    open_document(client, text)
    await settle(client)
    first = await full(client)
    edit, text = change(text, text.index("let v = 1000"), 3, "const")
    send_changes(client, 2, [edit])
    answer = await delta(client, first.result_id)
    assert len(answer.edits) == 1
    assert len(answer.edits[0].data or []) <= 15
    assert decode(apply_delta(first.data, answer.edits)) == decode((await full(client)).data)


# --- range ---------------------------------------------------------------------------------


async def test_range_equals_the_matching_slice_of_full(client: LanguageClient):
    rng = random.Random(7)
    text, _ = trace_window("rustcode", 8000, 0)
    open_document(client, text)
    await settle(client)
    everything = decode((await full(client)).data)
    lines = text.split("\n")
    for _ in range(40):
        first = rng.randrange(len(lines))
        last = rng.randrange(first, min(len(lines), first + 40))
        start = types.Position(line=first, character=rng.randint(0, len(lines[first])))
        end = types.Position(line=last, character=rng.randint(0, len(lines[last])))
        if (end.line, end.character) < (start.line, start.character):
            continue
        expected = [
            token
            for token in everything
            if (token[0], token[1] + token[2]) > (start.line, start.character)
            and (token[0], token[1]) < (end.line, end.character)
        ]
        assert decode((await token_range(client, start, end)).data) == expected


async def test_range_of_a_large_document_answers_before_it_is_settled(client: LanguageClient):
    text = "".join(f"fn f{i}() {{ let v = {i}; }}\n" for i in range(60000))
    open_document(client, text)
    result = await token_range(
        client, types.Position(line=40000, character=0), types.Position(line=40010, character=0)
    )
    tokens = decode(result.data)
    # The requested lines are highlighted first: `fn` and `let` on each of them.
    keyword = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types.index("keyword")
    assert {line for line, _, _, kind, _ in tokens if kind == keyword} == set(range(40000, 40010))


# --- refresh -------------------------------------------------------------------------------


async def test_refresh_is_sent_once_after_background_highlighting(refreshing_client: LanguageClient):
    client = refreshing_client
    text = "".join(f"fn f{i}() {{ let v = {i}; }}\n" for i in range(8000))
    open_document(client, text)
    early = await full(client)
    await settle(client)
    for _ in range(100):
        if client.refreshes:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)
    assert client.refreshes == 1
    final = await full(client)
    assert len(final.data) > len(early.data)
    assert len(decode(final.data)) == 8000 * 6  # fn f1 let v = 1, on every line
    # Nothing changed since: no further refresh.
    await asyncio.sleep(0.3)
    assert client.refreshes == 1


async def test_no_refresh_without_refresh_support(client: LanguageClient):
    text = "".join(f"fn f{i}() {{ let v = {i}; }}\n" for i in range(8000))
    open_document(client, text)
    await full(client)
    await settle(client)
    await asyncio.sleep(0.3)
    assert client.refreshes == 0


async def test_a_new_theme_asks_for_a_refresh(refreshing_client: LanguageClient):
    client = refreshing_client
    open_document(client, "fn main() {}\n")
    await full(client)
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"highlightd": {"theme": "light"}})
    )
    for _ in range(100):
        if client.refreshes:
            break
        await asyncio.sleep(0.05)
    assert client.refreshes == 1
    assert decode((await full(client)).data)[0][:3] == (0, 0, 2)


# --- the rest of the surface ---------------------------------------------------------------


async def test_unknown_requests_get_method_not_found(client: LanguageClient):
    with pytest.raises(JsonRpcException) as raised:
        await client.protocol.send_request_async("highlightd/noSuchMethod", {})
    assert raised.value.code == -32601
    client.protocol.notify("highlightd/noSuchNotification", {"x": 1})
    client.protocol.notify(types.SET_TRACE, types.SetTraceParams(value=types.TraceValue.Off))
    open_document(client, "fn main() {}\n")
    assert (await full(client)).data


def test_a_request_cancelled_while_queued_is_answered_with_request_cancelled():
    # Written frame by frame (pygls' client may reorder a large write): line breaks for a large
    # document keep the server busy while a request and its cancellation queue up behind them.
    server = subprocess.Popen([BINARY, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(message):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        length = None
        while (line := server.stdout.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(server.stdout.read(length))

    def document(uri, text):
        item = {"uri": uri, "languageId": "rust", "version": 1, "text": text}
        return {"method": "textDocument/didOpen", "params": {"textDocument": item}}

    try:
        send({"id": 1, "method": "initialize", "params": {"capabilities": {}}})
        assert "result" in receive()
        send({"method": "initialized", "params": {}})
        send(document("file:///big.rs", "fn f() { let v = 1; } // words to wrap\n" * 4000))
        send(document("file:///a.rs", "fn main() {}\n"))
        breaks = {"uri": "file:///big.rs", "startLine": 0, "lineCount": 4000, "width": 8}
        send({"id": 2, "method": "textStorage/lineBreaks", "params": breaks})
        send({"id": 3, "method": "textDocument/semanticTokens/full", "params": {"textDocument": {"uri": "file:///a.rs"}}})
        send({"method": "$/cancelRequest", "params": {"id": 3}})
        answers = {message["id"]: message for message in (receive(), receive())}
        assert len(answers[2]["result"]["lines"]) == 4000
        assert answers[3]["error"]["code"] == -32800
        # A cancellation of an answered request changes nothing; the server goes on.
        send({"method": "$/cancelRequest", "params": {"id": 2}})
        send({"id": 4, "method": "textDocument/semanticTokens/full", "params": {"textDocument": {"uri": "file:///a.rs"}}})
        assert receive()["result"]["data"][:5] == [0, 0, 2, 15, 0]
    finally:
        server.kill()
        server.wait()


async def test_did_save_and_configuration_are_accepted(client: LanguageClient):
    messages = client.log_messages
    open_document(client, "fn main() {}\n")
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"other": 1}))
    assert (await full(client)).data
    assert messages == []
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"highlightd": {"theme": "/no/such/theme.json"}})
    )
    assert (await full(client)).data
    assert [message.type for message in messages] == [types.MessageType.Error]


async def test_plaintext_has_no_syntax_tokens_but_keeps_links(client: LanguageClient):
    open_document(client, "fn main() {} see https://example.com/x\n", language="plaintext")
    assert not (await full(client)).data
    links = await client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [link.target for link in links] == ["https://example.com/x"]


@pytest_lsp.fixture(config=SERVER)
async def link_token_client(lsp_client: LanguageClient):
    await start(lsp_client, token_types=["keyword", "comment", "link"])
    yield
    await lsp_client.shutdown_session()


async def test_links_become_tokens_for_clients_that_list_the_link_type(link_token_client: LanguageClient):
    client = link_token_client
    legend = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    assert legend[-1] == "link"
    open_document(client, "// see https://example.com/x now\n")
    tokens = [(start, length, legend[kind]) for _, start, length, kind, _ in decode((await full(client)).data)]
    assert tokens == [(0, 7, "comment"), (7, 21, "link"), (28, 4, "comment")]
