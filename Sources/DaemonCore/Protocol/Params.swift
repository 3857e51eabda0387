import JSONRPC

/// Reads message parameters, naming the field in every error (`-32602`).
///
/// This is the protocol edge: every number a client sends is range-checked here, before any
/// arithmetic, so that no value in Int's range (`9223372036854775807` included) can make an
/// addition further in trap. `null` counts as absent, for `params` as for any member.
struct Params {
    let value: JSONValue

    init(_ value: JSONValue?) { self.value = value ?? .object([:]) }

    /// The value at a dotted path (`textDocument.uri`), or nil when it is absent or null.
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

    /// A string member that may be absent; present, it must be a string.
    func optionalString(_ path: String) throws(ResponseError) -> String? {
        guard let value = optional(path) else { return nil }
        guard let string = value.stringValue else { throw .invalidParams("\(path) must be a string") }
        return string
    }

    func bool(_ path: String, default fallback: Bool) throws(ResponseError) -> Bool {
        guard let value = optional(path) else { return fallback }
        guard let bool = value.boolValue else { throw .invalidParams("\(path) must be a boolean") }
        return bool
    }

    func int(_ path: String) throws(ResponseError) -> Int {
        guard let value = optional(path)?.intValue else { throw .invalidParams("\(path) must be an integer") }
        return value
    }

    /// An integer that must be at least `minimum` (offsets, lengths and lines: 0; widths: 1).
    func int(_ path: String, atLeast minimum: Int) throws(ResponseError) -> Int {
        let value = try int(path)
        guard value >= minimum else {
            throw .invalidParams(
                minimum == 0 ? "\(path) must not be negative" : "\(path) must be at least \(minimum)")
        }
        return value
    }

    /// An integer member that may be absent (then `fallback`); present, it must be an integer
    /// of at least `minimum`.
    func int(_ path: String, atLeast minimum: Int, default fallback: Int) throws(ResponseError) -> Int {
        guard optional(path) != nil else { return fallback }
        return try int(path, atLeast: minimum)
    }

    /// An NSRange-style `{offset, length}` object: both non-negative, and their sum in Int's
    /// range so that `offset + length` can be computed safely.
    func offsetRange(_ path: String) throws(ResponseError) -> (offset: Int, length: Int) {
        let range = try object(path)
        let offset = try range.int("offset", atLeast: 0, in: path)
        let length = try range.int("length", atLeast: 0, in: path)
        guard offset <= Int.max - length else {
            throw .invalidParams("\(path): offset + length is too large")
        }
        return (offset, length)
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

    /// `int(_:atLeast:)` for a member of a nested object, naming the full path in errors.
    private func int(_ key: String, atLeast minimum: Int, in parent: String) throws(ResponseError) -> Int {
        do {
            return try int(key, atLeast: minimum)
        } catch {
            throw .invalidParams("\(parent).\(error.message)")
        }
    }
}
