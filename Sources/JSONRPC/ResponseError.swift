/// A JSON-RPC error object, with the codes JSON-RPC 2.0 and LSP define.
public struct ResponseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code.
    public var code: Int
    /// A message naming what was wrong (for params errors, the field).
    public var message: String
    /// What a client can act on without reading `message` (JSON-RPC's optional `data`); the
    /// daemon names the document and its version there.
    public var data: JSONValue?

    /// Creates an error.
    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// Invalid JSON was received.
    public static func parseError(_ message: String) -> ResponseError {
        .init(code: -32700, message: message)
    }
    /// The JSON is not a valid request object.
    public static func invalidRequest(_ message: String) -> ResponseError {
        .init(code: -32600, message: message)
    }
    /// The method does not exist.
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: -32601, message: "unknown method \(method)")
    }
    /// Invalid method parameters.
    public static func invalidParams(_ message: String) -> ResponseError {
        .init(code: -32602, message: message)
    }
    /// An internal error.
    public static func internalError(_ message: String) -> ResponseError {
        .init(code: -32603, message: message)
    }
    /// A request before `initialize` (LSP).
    public static func serverNotInitialized() -> ResponseError {
        .init(code: -32002, message: "the server has not been initialized")
    }
    /// A request after `shutdown` (LSP's InvalidRequest).
    public static func shutDown() -> ResponseError {
        .init(code: -32600, message: "the server is shutting down")
    }

    /// A request the client cancelled with `$/cancelRequest` before it was answered (LSP).
    public static func requestCancelled() -> ResponseError {
        .init(code: -32800, message: "the request was cancelled")
    }

    public var description: String { "\(code): \(message)" }

    /// The error as a JSON object.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["code": .integer(code), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }
}
