import JSONRPC

/// Reads message parameters, naming the field in every error (`-32602`).
struct Params {
    let value: JSONValue

    init(_ value: JSONValue?) { self.value = value ?? .object([:]) }

    /// The value at a dotted path (`textDocument.uri`), or nil.
    func optional(_ path: String) -> JSONValue? {
        var current: JSONValue? = value
        for key in path.split(separator: ".") {
            current = current?[String(key)]
        }
        if case .null? = current { return nil }
        return current
    }

    func string(_ path: String) throws(ResponseError) -> String {
        guard let value = optional(path)?.stringValue else {
            throw .invalidParams("\(path) must be a string")
        }
        return value
    }

    func int(_ path: String) throws(ResponseError) -> Int {
        guard let value = optional(path)?.intValue else { throw .invalidParams("\(path) must be an integer") }
        return value
    }

    func array(_ path: String) throws(ResponseError) -> [JSONValue] {
        guard let value = optional(path)?.arrayValue else { throw .invalidParams("\(path) must be an array") }
        return value
    }

    /// A nested object as its own `Params`.
    func object(_ path: String) throws(ResponseError) -> Params {
        guard let value = optional(path), value.objectValue != nil else {
            throw .invalidParams("\(path) must be an object")
        }
        return Params(value)
    }
}
