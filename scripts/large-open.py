#!/usr/bin/env python3
"""How long a large didOpen holds the daemon up.

Opens one generated document of about 10 MB (200,000 lines of JavaScript-like code by
default) in `highlightd serve`, then at once asks for the attributes of its first 100 bytes
(a cheap request) and reports the viewport of its first 60 lines. Prints the time from the
end of writing didOpen to: the answer of the cheap request, the first
`textStorage/didProcessEditing` push, and the push that covers the viewport; then the time
until highlighting of the whole document settles. Each figure is the median of --runs runs.

    scripts/large-open.py [--binary .build/release/highlightd] [--lines 200000] [--runs 5]
"""
import argparse
import json
import os
import statistics
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def document(lines):
    """About 50 bytes a line of code with strings, comments and a link now and then."""
    parts = []
    for index in range(lines):
        if index % 50 == 0:
            parts.append(f"// see https://example.com/item/{index} for details\n")
        else:
            parts.append(f"const value{index} = compute('{index}', {index % 97}) + 1;\n")
    return "".join(parts)


class Reader(threading.Thread):
    """Reads frames and timestamps them."""

    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream = stream
        self.events = []
        self.condition = threading.Condition()

    def run(self):
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = self.stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b":")[1].split(b"\r\n")[0])
            message = json.loads(self.stream.read(length))
            with self.condition:
                self.events.append((time.perf_counter(), message))
                self.condition.notify_all()

    def wait_for(self, predicate, timeout=120):
        deadline = time.perf_counter() + timeout
        with self.condition:
            while True:
                for stamp, message in self.events:
                    if predicate(message):
                        return stamp, message
                remaining = deadline - time.perf_counter()
                if remaining <= 0:
                    raise TimeoutError("no such message")
                self.condition.wait(remaining)


def run_once(binary, text):
    process = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    reader = Reader(process.stdout)
    reader.start()
    send = lambda message: (process.stdin.write(frame(message)), process.stdin.flush())
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
        "initializationOptions": {"attributeDeltas": True}}})
    reader.wait_for(lambda m: m.get("id") == 1)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file:///large.js"
    opened = frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "javascript", "version": 1, "text": text}}})
    process.stdin.write(opened)
    process.stdin.flush()
    start = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textStorage/viewport", "params": {
        "uri": uri, "range": {"offset": 0, "length": 60 * 50}}})
    send({"jsonrpc": "2.0", "id": 2, "method": "textStorage/attributes", "params": {
        "uri": uri, "range": {"offset": 0, "length": 100}}})
    answered, _ = reader.wait_for(lambda m: m.get("id") == 2)
    is_push = lambda m: m.get("method") == "textStorage/didProcessEditing"
    first_push, _ = reader.wait_for(is_push)

    def covers_viewport(message):
        if not is_push(message):
            return False
        styled = [c for c in message["params"]["changes"] if c["offset"] < 3000
                  and any(style != 0 for _, style in c["runs"])]
        return bool(styled)

    viewport_push, _ = reader.wait_for(covers_viewport)
    settled = None
    for request_id in range(3, 100000):
        send({"jsonrpc": "2.0", "id": request_id, "method": "textStorage/attributes", "params": {
            "uri": uri, "range": {"offset": 0, "length": 1}}})
        _, answer = reader.wait_for(lambda m, i=request_id: m.get("id") == i)
        if not answer["result"]["pending"]:
            settled = time.perf_counter()
            break
        time.sleep(0.01)
    send({"jsonrpc": "2.0", "id": 0, "method": "shutdown"})
    send({"jsonrpc": "2.0", "method": "exit"})
    process.wait(timeout=30)
    return {
        "answer_ms": (answered - start) * 1e3,
        "first_push_ms": (first_push - start) * 1e3,
        "viewport_push_ms": (viewport_push - start) * 1e3,
        "settled_s": settled - start,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/highlightd"))
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    text = document(args.lines)
    print(f"document: {args.lines} lines, {len(text.encode()) / 1e6:.1f} MB; {args.runs} runs")
    runs = [run_once(args.binary, text) for _ in range(args.runs)]
    for key in runs[0]:
        values = sorted(run[key] for run in runs)
        print(f"  {key:17} median {statistics.median(values):9.2f}   min {values[0]:9.2f}   max {values[-1]:9.2f}")


if __name__ == "__main__":
    main()
