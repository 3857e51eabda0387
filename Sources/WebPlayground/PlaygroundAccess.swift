/// Who may use the playground: requests that carry its token, from its own origin.
///
/// The server listens on 127.0.0.1 only, but every local user and every page the browser has
/// open can reach that address. A random token, printed only to whoever started the server,
/// keeps them out: the page (`/?token=…`) and the WebSocket (`/rpc?token=…`) need it, and the
/// WebSocket also needs the page's own `Origin`, since a page elsewhere can open a WebSocket to
/// any address. The page's files and fonts are public data and also come with the cookie that
/// the page's response sets.
public struct PlaygroundAccess: Sendable {
    /// The token, 32 hexadecimal digits from the system's random source.
    public let token: String
    /// The port the server listens on, for the allowed origins.
    public let port: Int

    /// Access with a new random token.
    public init(port: Int) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).count == 1
                ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
        self.port = port
    }

    /// Access with a given token (tests).
    public init(token: String, port: Int) {
        self.token = token
        self.port = port
    }

    /// The name of the cookie that carries the token for the page's own requests.
    static let cookieName = "highlightd-playground"

    /// The URL to open.
    public var pageURL: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// Whether a request target (`/rpc?token=…`) carries the token.
    func queryHasToken(_ target: String) -> Bool {
        guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return false }
        return query.split(separator: "&").contains { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 && parts[0] == "token" && constantTimeEqual(String(parts[1]), token)
        }
    }

    /// Whether a `Cookie` header carries the token.
    func cookieHasToken(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ";").contains { item in
            let parts = item.drop(while: { $0 == " " }).split(separator: "=", maxSplits: 1)
            return parts.count == 2 && parts[0] == Self.cookieName
                && constantTimeEqual(String(parts[1]), token)
        }
    }

    /// Whether an `Origin` header names the page's own origin.
    func isOwnOrigin(_ origin: String?) -> Bool {
        origin == "http://127.0.0.1:\(port)" || origin == "http://localhost:\(port)"
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
