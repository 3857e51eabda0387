"""Who may use the playground: the page and the WebSocket need the token, the WebSocket also
the page's own origin, and the server listens on 127.0.0.1 only."""
import json
import urllib.error
import urllib.request


def status(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_page_needs_its_token(playground):
    assert status(playground.url) == 200
    assert status(f"{playground.origin}/") == 403
    # One digit changed (to another digit: a token that began with "0" once made the "wrong"
    # token the right one).
    token = playground.token
    wrong = ("1" if token[0] == "0" else "0") + token[1:]
    assert wrong != token
    assert status(f"{playground.origin}/?token={wrong}") == 403
    assert status(f"{playground.origin}/assets/rpc.js") == 403


def test_a_websocket_without_the_token_or_from_another_origin_is_refused(playground, page):
    page.goto(playground.url)
    outcome = page.evaluate(
        """async ([origin, token]) => {
            const attempt = (url) => new Promise((resolve) => {
                const socket = new WebSocket(url);
                socket.onopen = () => { socket.close(); resolve("open"); };
                socket.onerror = () => resolve("refused");
            });
            const host = origin.replace("http://", "ws://");
            return [await attempt(`${host}/rpc`), await attempt(`${host}/rpc?token=wrong`),
                    await attempt(`${host}/rpc?token=${token}`)];
        }""",
        [playground.origin, playground.token])
    assert outcome == ["refused", "refused", "open"]


def test_another_origin_cannot_open_the_websocket(playground, browser):
    # A page of another origin (a data: URL has an opaque one) tries with the right token.
    context = browser.new_context()
    page = context.new_page()
    page.goto("data:text/html,<title>elsewhere</title>")
    host = playground.origin.replace("http://", "ws://")
    outcome = page.evaluate(
        """(url) => new Promise((resolve) => {
            const socket = new WebSocket(url);
            socket.onopen = () => resolve("open");
            socket.onerror = () => resolve("refused");
        })""",
        f"{host}/rpc?token={playground.token}")
    context.close()
    assert outcome == "refused"


def test_the_websocket_carries_the_daemons_json_rpc(playground, page):
    page.goto(playground.url)
    answer = page.evaluate(
        """(url) => new Promise((resolve) => {
            const socket = new WebSocket(url);
            socket.onopen = () => socket.send(JSON.stringify(
                {jsonrpc: "2.0", id: 1, method: "initialize", params: {capabilities: {}}}));
            socket.onmessage = (event) => resolve(JSON.parse(event.data));
        })""",
        playground.url.replace("http://", "ws://").replace("/?", "/rpc?"))
    assert answer["id"] == 1
    assert answer["result"]["serverInfo"]["name"] == "highlightd"


def test_the_server_listens_on_loopback_only(playground):
    import socket
    import urllib.parse

    port = urllib.parse.urlparse(playground.url).port
    addresses = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    others = [address for address in addresses if not address.startswith("127.")]
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
        others.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    others = [address for address in others if not address.startswith("127.")]
    for address in others:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as client:
            client.settimeout(2)
            assert client.connect_ex((address, port)) != 0, f"{address}:{port} accepted a connection"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as client:
        client.settimeout(2)
        assert client.connect_ex(("127.0.0.1", port)) == 0


def test_a_head_request_gets_the_headers_only(playground):
    import http.client
    import urllib.parse

    parsed = urllib.parse.urlparse(playground.url)
    target = f"/?{parsed.query}"
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=5)
    try:
        connection.request("HEAD", target)
        head = connection.getresponse()
        assert head.status == 200
        assert int(head.getheader("Content-Length")) > 0
        head.read()
        # The same connection then serves a GET: no body was left behind on it after the HEAD.
        connection.request("GET", target)
        page = connection.getresponse()
        assert page.status == 200
        assert page.read().startswith(b"<!doctype html>")
    finally:
        connection.close()
