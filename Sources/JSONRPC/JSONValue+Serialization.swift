import Foundation

/// Why bytes are not a JSON value.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the parser said.
    public var message: String
    public var description: String { message }
}

extension JSONValue {
    /// Parses UTF-8 JSON text (RFC 8259), rejecting trailing garbage.
    public init(parsing data: Data) throws(JSONParseError) {
        var parser = JSONParser(bytes: [UInt8](data))
        self = try parser.parseDocument()
    }

    /// Compact UTF-8 JSON text with sorted keys (stable output for logs and tests).
    public func serialized() -> Data {
        var output = ""
        write(to: &output)
        return Data(output.utf8)
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .double(let value): output += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                members[key]?.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
