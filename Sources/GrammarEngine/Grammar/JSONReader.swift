/// A small JSON parser that keeps dictionary order (Foundation's does not).
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses a whole JSON document.
    static func parse(_ bytes: [UInt8]) throws(GrammarError) -> RawValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        // A UTF-8 byte order mark is tolerated.
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let value = try reader.parseValue()
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("trailing characters") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> GrammarError {
        .malformed(message: "JSON: \(message) at byte \(index)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(GrammarError) -> RawValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default: return try parseNumber()
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: RawValue) throws(GrammarError) -> RawValue {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unexpected token")
        }
        index += utf8.count
        return value
    }

    private mutating func parseNumber() throws(GrammarError) -> RawValue {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("bad number")
        }
        return .number(value)
    }

    private mutating func nest() throws(GrammarError) {
        depth += 1
        if depth > 512 { throw error("nesting too deep") }
    }

    private mutating func parseArray() throws(GrammarError) -> RawValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var items: [RawValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                throw error("expected , or ]")
            }
        }
    }

    private mutating func parseObject() throws(GrammarError) -> RawValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var pairs: [(String, RawValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected :") }
            index += 1
            let value = try parseValue()
            // Later duplicates win, as in JavaScript.
            if let existing = pairs.firstIndex(where: { $0.0 == key }) {
                pairs[existing].1 = value
            } else {
                pairs.append((key, value))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(pairs)
            } else {
                throw error("expected , or }")
            }
        }
    }

    private mutating func parseString() throws(GrammarError) -> String {
        index += 1
        var output: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: output, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                continue
            }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
                    bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                output.append(contentsOf: Array(String(character).utf8))
            default: output.append(escape)
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(GrammarError) -> UInt32 {
        guard bytes.count - index >= 4,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("bad \\u escape") }
        index += 4
        return value
    }
}
