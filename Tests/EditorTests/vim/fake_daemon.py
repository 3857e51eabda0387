"""A scripted stand-in for `highlightd serve`, to test the client rule's older-version case
deterministically: it holds back the push for version 2 until version 3 has arrived.

    fake_daemon.py LOG

The document is "aaaa bbbb cccc\\n". Version 2 must be "!" typed at the end of the line,
version 3 a line inserted above it. After version 3 the fake sends version 2's push (the
whole line, in version 2's offsets), then version 3's (the new line). Every message received
is appended to LOG as a JSON line.
"""

import json
import sys

STYLES = {
    str(index): {
        "foreground": f"#{index}{index}{index}{index}{index}{index}",
        "background": "#000000",
        "fontStyle": "",
        "scope": f"fake.{index}",
        "semanticTokenType": None,
        "semanticTokenModifiers": [],
    }
    for index in range(1, 6)
}
DEFAULT = {"foreground": "#EEEEEE", "background": "#000000", "fontStyle": "", "scope": None,
           "semanticTokenType": None, "semanticTokenModifiers": []}


def read_message():
    length = None
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(sys.stdin.buffer.read(length))


def send(message):
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    sys.stdout.buffer.flush()


def push(uri, version, changes, styles=None):
    send({"method": "textStorage/didProcessEditing", "params": {
        "uri": uri, "version": version, "editedRange": None, "changeInLength": 0,
        "changes": changes, "styles": styles or {}}})


def main():
    log = open(sys.argv[1], "a", encoding="utf-8")
    versions = {}
    opened = {}
    while True:
        message = read_message()
        if message is None:
            return
        log.write(json.dumps(message) + "\n")
        log.flush()
        method = message.get("method")
        params = message.get("params") or {}
        if method == "initialize":
            send({"id": message["id"], "result": {"capabilities": {
                "positionEncoding": "utf-8",
                "experimental": {"textStorage": {"grammars": [
                    {"scopeName": "fake", "languageIds": ["fake"], "fileTypes": ["fake"]}]}}}}})
        elif method == "textStorage/attributes":
            version = versions.get(params["uri"], 1)
            send({"id": message["id"], "result": {
                "version": version, "pending": False, "range": {"offset": 0, "length": 0},
                "runs": [], "links": [], "styles": {"0": DEFAULT}}})
        elif method == "textDocument/didOpen":
            document = params["textDocument"]
            versions[document["uri"]] = opened[document["uri"]] = document["version"]
            if document["uri"].startswith("file:"):
                push(document["uri"], document["version"], [{
                    "offset": 0, "length": 15,
                    "runs": [[4, 1], [1, 0], [4, 2], [1, 0], [4, 1], [1, 0]], "links": []}],
                    STYLES)
        elif method == "textDocument/didChange":
            uri = params["textDocument"]["uri"]
            version = params["textDocument"]["version"]
            versions[uri] = version
            if version == opened.get(uri, 0) + 2:
                # Version 2's push, "aaaa bbbb cccc!\n" in version 2's offsets: "cccc" now
                # style 3 and "!" style 5. Then version 3's: "new" style 4.
                push(uri, version - 1, [{
                    "offset": 0, "length": 16,
                    "runs": [[4, 1], [1, 0], [4, 2], [1, 0], [4, 3], [1, 5], [1, 0]],
                    "links": [{"offset": 5, "length": 4, "target": "https://example.com/b"}]}])
                push(uri, version, [
                    {"offset": 0, "length": 9, "runs": [[3, 4], [6, 0]], "links": []}])
        elif method == "exit":
            return
        elif "id" in message:
            send({"id": message["id"], "result": None})


if __name__ == "__main__":
    main()
