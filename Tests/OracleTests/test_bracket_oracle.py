"""Bracket pairs over real files of many languages, against an independent implementation.

The oracle here shares no code with the daemon's bracket layer: it takes the tokens
`highlightd highlight --format json` gives (the tokenizer is checked against vscode-textmate
elsewhere), decides each token's kind from its scope names by VS Code's rule written again in
Python, reads the bracket pairs from `Grammars/languages.json` itself, searches the bracket
texts in the tokens whose brackets count and pairs them with a list as the stack. The daemon's
answer is its bracket layer as `textStorage/attributes` gives it, over the same files opened
through `serve`. Both sides must agree on every bracket: place, length and depth.

Folding is checked the same way: every multi-line pair of curly brackets the oracle finds in
a brace language starts a line the daemon folds.
"""

import json
import os
import pathlib
import re
import select
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("HIGHLIGHTD_BINARY", str(ROOT / ".build" / "debug" / "highlightd"))
DATA = pathlib.Path(os.environ.get("HIGHLIGHTD_TEST_DATA") or ROOT.parent / "shared" / "data")
LANGUAGES = {entry["id"]: entry for entry in json.loads((ROOT / "Grammars" / "languages.json").read_text())["languages"]}


def trace_end(name):
    import gzip

    with gzip.open(DATA / "editing-traces" / f"{name}.json.gz") as handle:
        return json.load(handle)["endContent"]


def real_files():
    """(name, language id, text): real files of every bundled language with brackets that
    this machine has: the benchmark files, the traces' final texts, this project's own
    sources and scripts, and the system's C headers."""
    files = [
        ("large.js", "javascript", (DATA / "benchmark" / "large.js").read_text()),
        ("vscode.d.ts", "typescript", (DATA / "benchmark" / "vscode.d.ts").read_text()),
        ("bootstrap.css", "css", (DATA / "benchmark" / "bootstrap.css").read_text()),
        ("rustcode", "rust", trace_end("rustcode")),
        ("sveltecomponent", "svelte", trace_end("sveltecomponent")),
        ("languages.json", "json", (ROOT / "Grammars" / "languages.json").read_text()),
    ]
    swift = sorted((ROOT / "Sources").rglob("*.swift"), key=lambda p: -p.stat().st_size)[:6]
    files += [(path.name, "swift", path.read_text()) for path in swift]
    files += [(path.name, "python", path.read_text()) for path in sorted((ROOT / "scripts").glob("*.py"))[:4]]
    files += [(path.name, "python", path.read_text()) for path in sorted((ROOT / "Tests" / "EditorTests").glob("*.py"))[:3]]
    files += [(path.name, "shellscript", path.read_text()) for path in sorted((ROOT / "scripts").glob("*.sh"))[:5]]
    files += [("Package.swift", "swift", (ROOT / "Package.swift").read_text())]
    for header in ["stdio.h", "stdlib.h", "string.h", "signal.h"]:
        path = pathlib.Path("/usr/include") / header
        if path.exists():
            files.append((header, "c", path.read_text(errors="replace")))
    return files


class Serve:
    """A `highlightd serve` process spoken to in UTF-16, as most editors count."""

    def __init__(self):
        self.process = subprocess.Popen(
            [BINARY, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.buffer = b""
        self.next_id = 0
        self.request("initialize", {"capabilities": {"general": {"positionEncodings": ["utf-16"]}}})
        self.notify("initialized", {})

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self):
        while True:
            if b"\r\n\r\n" in self.buffer:
                head, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(re.search(rb"Content-Length: *(\d+)", head).group(1))
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return json.loads(rest[:length])
            ready, _, _ = select.select([self.process.stdout], [], [], 60)
            assert ready, "the daemon did not answer within a minute"
            self.buffer += os.read(self.process.stdout.fileno(), 1 << 20)

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message["result"]

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def serve():
    daemon = Serve()
    yield daemon
    daemon.close()


def units(text):
    """The text as UTF-16 code units."""
    data = text.encode("utf-16-le")
    return [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]


def kind_of(scopes):
    """VS Code's standard token type from scope names: the innermost scope naming `comment`,
    `string` or `regex` as a word decides; `meta.embedded` makes it code again."""
    kind = "other"
    for scope in scopes:
        words = [word for word in re.split(r"[^A-Za-z0-9_]+", scope) if word]
        found = None
        for index, word in enumerate(words):
            if word in ("comment", "string", "regex"):
                found = word
                break
            if word == "embedded" and index > 0 and words[index - 1] == "meta" and "meta.embedded" in scope:
                found = "other"
                break
        if found:
            kind = found
    return kind


def is_word(unit):
    return unit >= 0x80 or unit == 0x5F or chr(unit).isalnum()


def oracle_brackets(path, language, text):
    """[(offset, length, depth)] in UTF-16 units, depth -1 for a closing bracket that closes
    nothing."""
    configuration = LANGUAGES[language].get("configuration", {})
    pairs = configuration.get("colorizedBracketPairs") or configuration.get("brackets") or []
    result = subprocess.run(
        [BINARY, "highlight", str(path), "--language", language, "--format", "json"],
        capture_output=True, check=True,
    )
    tokens = json.loads(result.stdout)["tokens"]
    code = units(text)
    candidates = sorted(
        [(units(pair[0]), index, True) for index, pair in enumerate(pairs)]
        + [(units(pair[1]), index, False) for index, pair in enumerate(pairs)],
        key=lambda candidate: -len(candidate[0]),
    )
    found = []
    for token in tokens:
        if kind_of(token["scopes"]) != "other":
            continue
        position, end = token["offset"], token["offset"] + token["length"]
        while position < end:
            for bracket, pair, opens in candidates:
                if code[position : position + len(bracket)] != bracket or position + len(bracket) > end:
                    continue
                if is_word(bracket[0]) or is_word(bracket[-1]):
                    before = position > 0 and is_word(code[position - 1])
                    after = position + len(bracket) < len(code) and is_word(code[position + len(bracket)])
                    if before or after:
                        continue
                found.append((position, len(bracket), pair, opens))
                position += len(bracket)
                break
            else:
                position += 1
    stack, marks = [], []
    for offset, length, pair, opens in found:
        if opens:
            marks.append((offset, length, len(stack)))
            stack.append(pair)
        elif pair in stack:
            index = len(stack) - 1 - stack[::-1].index(pair)
            marks.append((offset, length, index))
            del stack[index:]
        else:
            marks.append((offset, length, -1))
    return marks


def daemon_brackets(serve, uri, answer):
    """The bracket layer as `textStorage/attributes` gives it, adjacent unexpected brackets
    (which share a run) taken apart by length one each."""
    marks = []
    for bracket in answer["brackets"]:
        if bracket["depth"] == -1 and bracket["length"] > 1:
            marks += [(bracket["offset"] + i, 1, -1) for i in range(bracket["length"])]
        else:
            marks.append((bracket["offset"], bracket["length"], bracket["depth"]))
    return marks


def settled_attributes(serve, uri):
    while True:
        answer = serve.request("textStorage/attributes", {"uri": uri})
        if not answer["pending"]:
            return answer


FILES = real_files()


@pytest.mark.parametrize("name,language,text", FILES, ids=[f"{lang}:{name}" for name, lang, _ in FILES])
def test_the_bracket_layer_of_a_real_file_equals_the_independent_pairing(serve, tmp_path, name, language, text):
    path = tmp_path / name
    path.write_text(text)
    uri = path.as_uri()
    serve.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}})
    answer = settled_attributes(serve, uri)
    expected = oracle_brackets(path, language, text)
    actual = daemon_brackets(serve, uri, answer)
    assert len(expected) > 0, "the file has brackets"
    first = next((i for i, (a, b) in enumerate(zip(actual, expected)) if a != b), min(len(actual), len(expected)))
    assert actual == expected, f"first difference at bracket {first}: daemon {actual[first:first + 3]} oracle {expected[first:first + 3]}"
    if any(pair == ["{", "}"] for pair in LANGUAGES[language]["configuration"].get("brackets", [])):
        check_curly_blocks_fold(serve, uri, text, expected)
    serve.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def check_curly_blocks_fold(serve, uri, text, marks):
    """Every `{` whose partner is two or more lines below can be folded: a fold starts on its
    line, or on the line above it (a `struct` or function header whose `{` is on a line of
    its own), and reaches at least the line before its partner."""
    code = units(text)
    line_of, line = [], 0
    for unit in code:
        line_of.append(line)
        if unit == 0x0A:
            line += 1
    line_of.append(line)
    folds = {
        fold["startLine"]: fold["endLine"]
        for fold in serve.request("textDocument/foldingRange", {"textDocument": {"uri": uri}})
    }
    stack, missing, blocks = [], [], 0
    for offset, length, depth in marks:
        if code[offset] == ord("{"):
            stack.append(offset)
        elif code[offset] == ord("}") and depth >= 0 and stack:
            start = stack.pop()
            if line_of[offset] - line_of[start] >= 2:
                blocks += 1
                first, last = line_of[start], line_of[offset]
                if not any(folds.get(line, -1) >= last - 1 for line in (first, first - 1)):
                    missing.append(first + 1)
    assert not missing, f"{len(missing)} of {blocks} multi-line blocks fold nowhere (lines {missing[:10]})"
