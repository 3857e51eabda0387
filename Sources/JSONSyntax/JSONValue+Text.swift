/// Why bytes are not a JSON value.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the parser said.
    public var message: String
    public var description: String { message }
}

extension JSONValue {
    /// Parses UTF-8 JSON text (RFC 8259) given as bytes, rejecting trailing garbage.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        do {
            self = try JSONParser<JSONValueBuilder>.parse(bytes)
        } catch {
            throw JSONParseError(message: error.description)
        }
    }

    /// Compact UTF-8 JSON text with sorted keys (stable output for logs, files and tests).
    public func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    /// JSON text for people: two spaces of indentation per level, one member or element per
    /// line, sorted keys (the CLI's `--format json` listings).
    public func prettyPrintedBytes() -> [UInt8] {
        var output: [UInt8] = []
        writePretty(to: &output, indent: 0)
        return output
    }

    private func writePretty(to output: inout [UInt8], indent: Int) {
        func newline(_ level: Int) {
            output.append(0x0A)
            output += [UInt8](repeating: UInt8(ascii: " "), count: 2 * level)
        }
        switch self {
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                element.writePretty(to: &output, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            output.append(UInt8(ascii: "{"))
            Self.forEachSorted(members) { index, key, value in
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                Self.writeString(key, to: &output)
                output += [UInt8(ascii: ":"), UInt8(ascii: " ")]
                value.writePretty(to: &output, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "}"))
        default:
            write(to: &output)
        }
    }

    // Written as bytes, integers digit by digit: a semantic tokens answer is hundreds of
    // thousands of integers, and `String` appends cost an allocation each.
    /// Appends what `serializedBytes()` returns to `output` (for writers that build a larger
    /// message around the value).
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += Self.nullBytes
        case .bool(let value): output += value ? Self.trueBytes : Self.falseBytes
        case .integer(let value): Self.writeInteger(value, to: &output)
        case .double(let value): output += Array((value.isFinite ? "\(value)" : "null").utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            Self.forEachSorted(members) { index, key, value in
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Calls `body` with each member in the order of its key, sorting the members' positions
    /// in room on the stack: sorting the keys themselves made an array of them for every
    /// object written, and each value was then looked up again by hashing its key (every
    /// message the daemon sends is a few objects deep).
    private static func forEachSorted(
        _ members: [String: JSONValue], _ body: (Int, String, JSONValue) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: [String: JSONValue].Index.self, capacity: members.count) {
            positions in
            var count = 0
            for position in members.indices {
                positions.initializeElement(at: count, to: position)
                count += 1
            }
            var byKey = positions
            byKey.sort { members[$0].key < members[$1].key }
            for (index, position) in byKey.enumerated() {
                let member = members[position]
                body(index, member.key, member.value)
            }
            _ = positions.deinitialize()
        }
    }

    private static let nullBytes = Array("null".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    /// Appends `value` in decimal: the one integer writer of the JSON output and the renderers.
    ///
    /// The digits are made last first in a buffer on the stack and appended in one go:
    /// reversing them in place in `output` went through an array slice, which copied.
    public static func writeInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        guard magnitude >= 10 else {
            output.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // UInt.max has 20 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// Appends `value` as a JSON string literal: `"`, `\\`, `\n`, `\r` and `\t` escaped by
    /// their letters, other control characters as `\u00XX` (lowercase hex), everything else as
    /// is. Runs with nothing to escape (all of most strings) are copied whole. The one string
    /// writer of the JSON output and the renderers' JSON.
    public static func writeString(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    let hexDigit = { (nibble: UInt8) in
                        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    }
                    output += [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4),
                        hexDigit(byte & 0xF),
                    ]
                }
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            output.append(UInt8(ascii: "\""))
        }
    }
}

/// Builds `JSONValue`s for the shared parser: integers stay exact, and a repeated key keeps its
/// last value.
public enum JSONValueBuilder: JSONBuilding {
    public static func string(_ value: String) -> JSONValue { .string(value) }
    public static func number(_ text: String, isInteger: Bool) -> JSONValue? {
        if isInteger, let value = Int(text) { return .integer(value) }
        return Double(text).map { .double($0) }
    }
    public static func integer(_ value: Int) -> JSONValue? { .integer(value) }
    public static func bool(_ value: Bool) -> JSONValue { .bool(value) }
    public static var null: JSONValue { .null }
    public static func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        // Inserted one by one into a table sized at once: the later of two equal keys wins,
        // as `Dictionary(_:uniquingKeysWith:)` would have it, without its generic merge.
        var object = [String: JSONValue](minimumCapacity: members.count)
        for (key, value) in members { object[key] = value }
        return .object(object)
    }
}
