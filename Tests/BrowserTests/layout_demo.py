"""What the story and animation tests share: opening a demo, waiting until its layout is that
of its text, asking the daemon for the same layout in a session of the test's own, and
counting the layout messages on the demo's WebSocket."""
import json

# A fresh daemon session (from the page, so that it has the page's origin and token) lays out
# the demo's current text with the demo's parameters, without subscribing.
REFERENCE_LAYOUT = """async (demo) => {
    const view = window.__playground[demo];
    const { RPC } = await import("/assets/rpc.js");
    const rpc = new RPC("reference");
    await rpc.connect();
    try {
        await rpc.request("initialize", {processId: null,
            capabilities: {general: {positionEncodings: ["utf-16"]}}});
        rpc.notify("initialized", {});
        const uri = "file:///reference.txt";
        const text = view.session.text;
        rpc.notify("textDocument/didOpen", {textDocument: {uri, languageId: "plaintext", version: 1, text}});
        const result = await rpc.request("textStorage/layout", {uri, ...view.params});
        return {text, fragments: result.fragments};
    } finally {
        rpc.close();
    }
}"""

SETTLED = """(demo) => {
    const view = window.__playground?.[demo];
    const session = view?.session;
    return Boolean(session?.fragments) && session.ready && !session.awaitingLayout
        && session.layoutVersion === session.version
        && view.surface.input.value === session.text;
}"""


def open_demo(playground, page, demo):
    page.goto(playground.page_url(demo))
    settle(page, demo)


def settle(page, demo, timeout=10000):
    page.wait_for_function(SETTLED, arg=demo, timeout=timeout)


def reference_layout(page, demo):
    return page.evaluate(REFERENCE_LAYOUT, demo)


def stats(page, demo):
    return page.evaluate("(demo) => ({...window.__playground[demo].session.stats})", demo)


def close_enough(a, b, tolerance=0.5):
    return len(a) == len(b) and all(abs(x - y) <= tolerance for x, y in zip(a, b))


class LayoutTraffic:
    """The demo document's layout requests sent and didLayout splices received, read off
    the page's WebSockets."""

    def __init__(self, page, uri):
        self.uri = uri
        self.layout_requests = 0
        self.splices = 0
        self.moves = []  # (rangeDelta, yDelta) of each splice
        page.on("websocket", self.watch)

    def watch(self, socket):
        socket.on("framesent", lambda payload: self.sent(payload))
        socket.on("framereceived", lambda payload: self.received(payload))

    def sent(self, payload):
        message = json.loads(payload)
        if message.get("method") == "textStorage/layout" and message["params"]["uri"] == self.uri:
            self.layout_requests += 1

    def received(self, payload):
        message = json.loads(payload)
        if message.get("method") == "textStorage/didLayout" and message["params"]["uri"] == self.uri:
            self.splices += 1
            params = message["params"]
            self.moves.append((params["rangeDelta"], params["yDelta"]))
