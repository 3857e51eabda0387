#!/usr/bin/env python3
"""Renders the rich-text screenshots in docs/screenshots/ with headless Chromium.

1. A comment with mentions and shortcode attachments: typed into `highlightd serve` with span
   rules, exported with `textStorage/export` (FormattableContent), then rendered.
2. A notification in FormattableContent (examples/notification.formattable.json).

Both go through `highlightd formattable --format html --styles examples/formattable-styles.json`.
Needs `chromium` and fonts for CJK and emoji (fonts-wqy-zenhei, fonts-noto-color-emoji).
Usage: scripts/rich-text-screenshots.py [path/to/highlightd]
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/highlightd")
OK_IMAGE = ("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'>"
            "<circle cx='10' cy='10' r='9' fill='%2300A32A'/><path d='M5 10l3 3 7-7' stroke='white'"
            " stroke-width='2.5' fill='none'/></svg>")
RULES = [
    {"kind": "mention", "pattern": "@[A-Za-z0-9_]+", "atomic": True, "unbreakable": True},
    {"kind": "shortcode", "pattern": "\\[[^\\[\\]]+\\]", "atomic": True,
     "table": {"[赞]": {"text": "👍"}, "[ok]": {"image": OK_IMAGE}}},
    {"kind": "shortcode", "pattern": ":[a-z_]+:", "atomic": True, "table": {":heart:": {"text": "❤️"}}},
]
COMMENT = ("Thanks @alice and @bob_dev [赞] the fix works [ok]\n"
           "Mail a@b.co (no mention there) or see https://example.com/pr/42 :heart: [nope]")


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = 0
    while True:
        line = stream.readline()
        if line in (b"\r\n", b""):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length))


def export_comment():
    server = subprocess.Popen([BINARY, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send = lambda message: (server.stdin.write(frame(message)), server.stdin.flush())

    def call(id, method, params):
        send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        while True:
            message = read_message(server.stdout)
            if message.get("id") == id:
                return message["result"]

    call(1, "initialize", {"capabilities": {}, "initializationOptions": {"spanRules": RULES}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///comment.txt", "languageId": "plaintext", "version": 1, "text": COMMENT}}})
    content = call(2, "textStorage/export", {"uri": "file:///comment.txt", "format": "formattable-content"})
    call(3, "shutdown", None)
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait()
    return content


def screenshot(content_path, png, height):
    html = subprocess.run(
        [BINARY, "formattable", content_path, "--format", "html",
         "--styles", os.path.join(ROOT, "examples/formattable-styles.json")],
        check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "page.html")
        with open(page, "wb") as handle:
            handle.write(html)
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--screenshot={png}", f"--window-size=720,{height}", "file://" + page],
            check=True, capture_output=True)
    print("wrote", os.path.relpath(png, ROOT))


def main():
    comment = os.path.join(ROOT, "examples/comment.formattable.json")
    with open(comment, "w") as handle:
        json.dump(export_comment(), handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    shots = os.path.join(ROOT, "docs/screenshots")
    screenshot(comment, os.path.join(shots, "comment-spans.png"), 100)
    screenshot(os.path.join(ROOT, "examples/notification.formattable.json"),
               os.path.join(shots, "formattable-notification.png"), 220)


if __name__ == "__main__":
    main()
