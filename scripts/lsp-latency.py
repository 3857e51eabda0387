#!/usr/bin/env python3
"""Times the LSP face's semantic token requests after one-character edits.

Opens a 10,000-line JavaScript file (large.js from the benchmark corpus, continued with its
own first lines), waits until it is highlighted, then repeats: a one-character
`textDocument/didChange` (typing a letter, then deleting it), followed by one
`semanticTokens/full`, `full/delta` or `range` (60 lines around the edit) request. Each time
runs from writing the request to reading the last byte of its response (not parsing it in
Python), so it is the server's answer time plus the pipe.

    swift build -c release --product highlightd
    scripts/lsp-latency.py [--binary .build/release/highlightd] [--rounds 300]
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "benchmark" / "large.js"
LINES = 10_000


class Connection:
    """A minimal LSP client over a child process's pipes."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, method, params, request=False):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return message.get("id")

    def read_raw(self):
        length = None
        while (line := self.process.stdout.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return self.process.stdout.read(length)

    def answer(self, request_id):
        """Reads until the response to `request_id`; returns its raw body."""
        while True:
            body = self.read_raw()
            if b'"id":%d' % request_id in body or b'"id": %d' % request_id in body:
                return body

    def request(self, method, params):
        return json.loads(self.answer(self.send(method, params, request=True)))["result"]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "highlightd"))
    parser.add_argument("--rounds", type=int, default=300)
    arguments = parser.parse_args()

    source = CORPUS.read_text().split("\n")
    lines = (source * (LINES // len(source) + 1))[:LINES]
    text = "\n".join(lines) + "\n"
    uri = "file:///bench/large10k.js"
    client = Connection([arguments.binary, "serve"])
    capabilities = {"general": {"positionEncodings": ["utf-16"]}}
    client.request("initialize", {"capabilities": capabilities})
    client.send("initialized", {})
    client.send(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "javascript", "version": 1, "text": text}},
    )
    while client.request("textStorage/attributes", {"uri": uri, "range": {"offset": 0, "length": 0}})["pending"]:
        time.sleep(0.05)
    document = {"uri": uri}
    result_id = client.request("textDocument/semanticTokens/full", {"textDocument": document})["resultId"]

    times = {"full": [], "delta": [], "range": []}
    version = 1
    edit_line = 5_000
    kinds = ["full", "delta", "range"]
    for round_index in range(arguments.rounds * len(kinds)):
        kind = kinds[round_index % len(kinds)]
        # Type "x" at the start of a line in the middle, then delete it: one character each.
        version += 1
        inserting = version % 2 == 0
        start = {"line": edit_line, "character": 0}
        end = {"line": edit_line, "character": 0 if inserting else 1}
        change = {"range": {"start": start, "end": end}, "text": "x" if inserting else ""}
        client.send(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
        )
        if kind == "full":
            method, params = "textDocument/semanticTokens/full", {"textDocument": document}
        elif kind == "delta":
            method = "textDocument/semanticTokens/full/delta"
            params = {"textDocument": document, "previousResultId": result_id}
        else:
            method = "textDocument/semanticTokens/range"
            visible = {"start": {"line": edit_line - 30, "character": 0}, "end": {"line": edit_line + 30, "character": 0}}
            params = {"textDocument": document, "range": visible}
        began = time.perf_counter_ns()
        request_id = client.send(method, params, request=True)
        body = client.answer(request_id)
        times[kind].append((time.perf_counter_ns() - began) / 1000)
        if kind != "range":
            result_id = json.loads(body)["result"]["resultId"]

    client.request("shutdown", None)
    client.send("exit", None)
    client.process.wait(timeout=10)
    print(f"binary: {arguments.binary}")
    print(f"file: {LINES} lines of large.js, one-character edit before each request, {arguments.rounds} rounds")
    for kind in kinds:
        values = times[kind]
        print(
            f"{kind:>5}: median {statistics.median(values):8.1f} µs   p99 {percentile(values, 0.99):8.1f} µs"
            f"   max {max(values):8.1f} µs"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
