import BoundedFiles
import NIOCore
import NIOHTTP1

/// Answers the playground's plain HTTP requests: the page (with the token), its files and the
/// fonts the layout service measures with. A WebSocket upgrade that was refused ends here too,
/// and is answered 403.
final class PageRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let access: PlaygroundAccess
    private let assets: WebAssets
    private let fontPath: FontPathResolver
    private var head: HTTPRequestHead?

    init(access: PlaygroundAccess, assets: WebAssets, fontPath: @escaping FontPathResolver) {
        self.access = access
        self.assets = assets
        self.fontPath = fontPath
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            let response = respond(to: head)
            send(response, keepAlive: head.isKeepAlive, context: context)
        }
    }

    /// What a request gets.
    struct Response {
        var status: HTTPResponseStatus
        var type = "text/plain; charset=utf-8"
        var body: [UInt8]
        var headers: [(String, String)] = []

        static func refused(_ status: HTTPResponseStatus, _ text: String) -> Response {
            Response(status: status, body: Array("\(text)\n".utf8))
        }
    }

    func respond(to head: HTTPRequestHead) -> Response {
        guard head.method == .GET || head.method == .HEAD else {
            return .refused(.methodNotAllowed, "only GET")
        }
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        let hasToken = access.queryHasToken(head.uri)
        let hasCookie = access.cookieHasToken(head.headers.first(name: "cookie"))
        switch path {
        case "/":
            guard hasToken, let page = assets.contents(of: "index.html") else {
                return .refused(
                    .forbidden, "this playground needs its token: open the URL `highlightd web` printed")
            }
            let cookie = "\(PlaygroundAccess.cookieName)=\(access.token); HttpOnly; SameSite=Strict; Path=/"
            return Response(
                status: .ok, type: WebAssets.mediaType(of: "index.html"), body: page,
                headers: [("Set-Cookie", cookie), ("Cache-Control", "no-store")])
        case "/rpc":
            return .refused(.forbidden, "a WebSocket needs the token and the page's origin")
        default:
            guard hasToken || hasCookie else { return .refused(.forbidden, "no token") }
            if path.hasPrefix("/assets/"),
                let name = Self.percentDecoded(path.dropFirst("/assets/".count)),
                let bytes = assets.contents(of: name)
            {
                return Response(
                    status: .ok, type: WebAssets.mediaType(of: name), body: bytes,
                    headers: [("Cache-Control", "no-store")])
            }
            if path.hasPrefix("/fonts/"),
                let name = Self.percentDecoded(path.dropFirst("/fonts/".count)),
                let bytes = font(named: name)
            {
                return Response(status: .ok, type: "font/ttf", body: bytes)
            }
            return .refused(.notFound, "not found")
        }
    }

    /// The file fontconfig gives for `name`, the one `textStorage/layout` shapes with when
    /// asked for that name, so that the page draws with what the daemon measured.
    func font(named name: String) -> [UInt8]? {
        guard !name.contains("/"), name.utf8.count <= 200, let path = fontPath(name) else { return nil }
        return try? BoundedFile.contents(atPath: path, limit: 64 << 20)
    }

    private func send(_ response: Response, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.type)
        headers.add(name: "Content-Length", value: String(response.body.count))
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    /// A path segment with its `%XX` escapes decoded, or nil when an escape is malformed or
    /// the bytes are not UTF-8.
    static func percentDecoded(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = segment.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
