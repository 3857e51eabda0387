import Foundation
import JSONSyntax

/// Why bytes are not a JSON value.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the parser said.
    public var message: String
    public var description: String { message }
}

extension JSONValue {
    /// Parses UTF-8 JSON text (RFC 8259), rejecting trailing garbage.
    public init(parsing data: Data) throws(JSONParseError) {
        do {
            self = try JSONParser<JSONValueBuilder>.parse([UInt8](data))
        } catch {
            throw JSONParseError(message: error.description)
        }
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

/// Builds `JSONValue`s for the shared parser: integers stay exact, and a repeated key keeps its
/// last value.
enum JSONValueBuilder: JSONBuilding {
    static func string(_ value: String) -> JSONValue { .string(value) }
    static func number(_ text: String, isInteger: Bool) -> JSONValue? {
        if isInteger, let value = Int(text) { return .integer(value) }
        return Double(text).map { .double($0) }
    }
    static func bool(_ value: Bool) -> JSONValue { .bool(value) }
    static var null: JSONValue { .null }
    static func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}
