/// A recursive-descent JSON parser (RFC 8259) over UTF-8 bytes that builds any value type
/// through a `JSONBuilding` type, keeping object members in source order. A nesting limit
/// keeps hostile input from exhausting the stack; a UTF-8 byte order mark is skipped.
///
/// Inlinable, so that each caller's module specializes it for its builder: unspecialized, every
/// value went through generic metadata lookups, and parsing a keystroke's 150-byte message
/// cost the daemon several microseconds.
public struct JSONParser<Builder: JSONBuilding> {
    @usableFromInline let bytes: [UInt8]
    @usableFromInline var index = 0
    @usableFromInline var depth = 0
    @inlinable static var maximumDepth: Int { 512 }

    /// Parses one whole document, rejecting anything after the value.
    @inlinable public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> Builder.Value {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        return try parser.parseDocument()
    }

    @inlinable init(bytes: [UInt8]) { self.bytes = bytes }

    @inlinable mutating func parseDocument() throws(JSONSyntaxError) -> Builder.Value {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected data after the JSON value") }
        return value
    }

    @inlinable func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: index)
    }

    @inlinable mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    @inlinable mutating func parseValue() throws(JSONSyntaxError) -> Builder.Value {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return Builder.string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", Builder.bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", Builder.bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", Builder.null)
        default: return try parseNumber()
        }
    }

    @inlinable mutating func parseLiteral(_ word: String, _ value: Builder.Value) throws(JSONSyntaxError)
        -> Builder.Value
    {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count,
            Array(bytes[index..<(index + expected.count)]) == expected
        else { throw error("invalid literal") }
        index += expected.count
        return value
    }

    @inlinable mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth)") }
    }

    @inlinable mutating func parseObject() throws(JSONSyntaxError) -> Builder.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(String, Builder.Value)] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return Builder.object(members)
        }
        // Room for the few members a protocol object has, at once: grown from empty, an
        // object of four was three allocations.
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return Builder.object(members)
            } else {
                throw error("expected ',' or '}'")
            }
        }
    }

    @inlinable mutating func parseArray() throws(JSONSyntaxError) -> Builder.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [Builder.Value] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return Builder.array(elements)
        }
        // Room for the few elements most arrays have (a push's runs are pairs), at once: grown
        // from empty, an array of two was two allocations.
        elements.reserveCapacity(4)
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return Builder.array(elements)
            } else {
                throw error("expected ',' or ']'")
            }
        }
    }

    @inlinable mutating func parseNumber() throws(JSONSyntaxError) -> Builder.Value {
        let start = index
        var isInteger = true
        // The integer's value as far as it fits, so that most numbers need no text.
        var magnitude = 0
        var fits = true
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        while index < bytes.count {
            let byte = bytes[index]
            if (0x30...0x39).contains(byte) {
                if fits {
                    let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times10.addingReportingOverflow(Int(byte &- 0x30))
                    magnitude = sum
                    fits = !overflow1 && !overflow2
                }
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        // At least one digit, no other character, and the value fits (the negative of a
        // value that fits always does).
        if isInteger, fits, index > start + (negative ? 1 : 0),
            let value = Builder.integer(negative ? -magnitude : magnitude)
        {
            return value
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, text != "-" else { throw error("unexpected character") }
        guard let value = Builder.number(text, isInteger: isInteger) else {
            throw error("invalid number \(text)")
        }
        return value
    }

    /// Where the next byte a string must look at (`"`, `\\` or a control character) is, at or
    /// after `position`. Eight bytes at a time past words that hold none (a 10 MB `didOpen`
    /// spends most of its parse here), then byte by byte within a word that may.
    @inlinable func nextSpecialByte(from position: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return position }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            @inline(__always) func isSpecial(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
            }
            var cursor = position
            let end = buffer.count
            while cursor + 8 <= end {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                // A byte below 0x20, a zero byte of `quotes` or of `backslashes`: these tests
                // never miss one (they may flag a word that has none).
                let flagged =
                    ((word &- ones &* 0x20) & ~word) | ((quotes &- ones) & ~quotes)
                    | ((backslashes &- ones) & ~backslashes)
                if flagged & highBits != 0 {
                    for offset in 0..<8 where isSpecial(base[cursor + offset]) { return cursor + offset }
                }
                cursor += 8
            }
            while cursor < end {
                if isSpecial(base[cursor]) { return cursor }
                cursor += 1
            }
            return end
        }
    }

    /// Reads a string.
    ///
    /// A string with escapes is read in two passes: the first finds its end, the second
    /// unescapes it straight into the new string's storage, which its escaped length bounds
    /// (an escape is never shorter than what it stands for). A 10 MB `didOpen`, with a `\n`
    /// escape per line, then costs one buffer of the text's size instead of a growing array
    /// (copied at each doubling, its fresh pages touched each time) and a copy of it.
    @inlinable mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let first = index
        let special = nextSpecialByte(from: first)
        guard special < bytes.count else {
            index = special
            throw error("unterminated string")
        }
        if bytes[special] == UInt8(ascii: "\"") {
            index = special + 1
            return String(decoding: bytes[first..<special], as: UTF8.self)
        }
        var end = special
        while true {
            guard end < bytes.count else {
                index = bytes.count
                throw error("unterminated string")
            }
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                index = end
                throw error("control character in string")
            }
            end = end + 2 < bytes.count ? nextSpecialByte(from: end + 2) : bytes.count
        }
        index = special
        var failure: JSONSyntaxError?
        let string = String(unsafeUninitializedCapacity: end - first) { output in
            var written = 0
            var runStart = first
            func copyRun(upTo runEnd: Int) {
                let count = runEnd - runStart
                guard count > 0 else { return }
                bytes.withUnsafeBufferPointer { input in
                    UnsafeMutableRawPointer(output.baseAddress! + written).copyMemory(
                        from: input.baseAddress! + runStart, byteCount: count)
                }
                written += count
            }
            func append(_ byte: UInt8) {
                output[written] = byte
                written += 1
            }
            while index < end {
                copyRun(upTo: index)
                index += 1
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): append(escape)
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "u"):
                    var code: UInt32
                    do throws(JSONSyntaxError) {
                        code = try parseHex4()
                        if (0xD800..<0xDC00).contains(code), index + 1 < end,
                            bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        {
                            index += 2
                            let low = try parseHex4()
                            if (0xDC00..<0xE000).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            }
                        }
                    } catch {
                        failure = error
                        return 0
                    }
                    // A lone surrogate cannot be a String scalar: replace it, as decoders do.
                    for byte in UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}")! { append(byte) }
                default:
                    failure = self.error("invalid escape")
                    return 0
                }
                runStart = index
                index = min(nextSpecialByte(from: index), end)
            }
            copyRun(upTo: end)
            return written
        }
        if let failure { throw failure }
        index = end + 1
        return string
    }

    @inlinable mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
