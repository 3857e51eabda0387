extension OnigParser {
    /// Parses an escape outside a class; `start` is the offset of the backslash.
    mutating func parseEscape(at start: Int) throws(PatternTranslationError) -> OnigNode {
        guard let byte = next() else { throw error("end pattern at escape", at: start) }
        switch byte {
        case UInt8(ascii: "w"): return Self.single(OnigProperty.word)
        case UInt8(ascii: "W"): return Self.single(OnigProperty.word.inverted)
        case UInt8(ascii: "h"): return Self.single(.positive("0-9a-fA-F"))
        case UInt8(ascii: "H"): return Self.single(.negative("0-9a-fA-F"))
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "s"), UInt8(ascii: "S"):
            return Self.single(.positive("\\" + String(UnicodeScalar(byte))))
        case UInt8(ascii: "O"): return Self.single(.positive("\\x{0}-\\x{10FFFF}"))
        case UInt8(ascii: "p") where peek() == UInt8(ascii: "{"),
            UInt8(ascii: "P") where peek() == UInt8(ascii: "{"):
            return Self.single(try parseProperty(negated: byte == UInt8(ascii: "P"), at: start))
        case UInt8(ascii: "A"):
            facts.usesAnchorA = true
            return .anchor(.subjectStart)
        case UInt8(ascii: "G"):
            facts.usesAnchorG = true
            return .anchor(.searchStart)
        case UInt8(ascii: "z"): return .anchor(.subjectEnd)
        case UInt8(ascii: "Z"): return .anchor(.subjectEndOrFinalNewline)
        case UInt8(ascii: "b"): return .anchor(.wordBoundary)
        case UInt8(ascii: "B"): return .anchor(.notWordBoundary)
        case UInt8(ascii: "K"):
            if lookaroundDepth > 0 {
                throw error("unsupported: \\K inside a look-around is refused by PCRE2", at: start)
            }
            facts.usesMatchReset = true
            return .verbatim("\\K")
        case UInt8(ascii: "R"), UInt8(ascii: "X"), UInt8(ascii: "N"):
            return .verbatim("\\" + String(UnicodeScalar(byte)))
        case UInt8(ascii: "y"), UInt8(ascii: "Y"):
            throw error(
                "unsupported: text segment boundaries \\y and \\Y have no PCRE2 translation", at: start)
        case UInt8(ascii: "k") where peek() == UInt8(ascii: "<") || peek() == UInt8(ascii: "'"):
            return try parseNamedBackReference(at: start)
        case UInt8(ascii: "g") where peek() == UInt8(ascii: "<") || peek() == UInt8(ascii: "'"):
            return try parseCall(at: start)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            position -= 1
            let digitsStart = position
            if let number = scanDecimal(), number <= 9 || number <= groupCount {
                return backReference([number])
            }
            position = digitsStart
            if byte >= UInt8(ascii: "8") {
                position += 1
                return .literal(UInt32(byte))
            }
            return .literal(try parseOctal(maxDigits: 3, at: start))
        default:
            position -= 1
            return .literal(try parseEscapedScalar(at: start))
        }
    }

    /// A node for one predefined set.
    static func single(_ fragment: ClassFragment) -> OnigNode {
        .set(.union([.fragment(fragment)], negated: false))
    }

    /// Records and returns a back-reference.
    mutating func backReference(_ numbers: [Int]) -> OnigNode {
        facts.highestBackReference = max(facts.highestBackReference, numbers.max() ?? 0)
        return .backReference(numbers)
    }

    /// Parses the escapes that stand for one scalar in and out of classes, after the backslash.
    mutating func parseEscapedScalar(at start: Int) throws(PatternTranslationError) -> UInt32 {
        guard let byte = next() else { throw error("end pattern at escape", at: start) }
        switch byte {
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "v"): return 0x0B
        case UInt8(ascii: "a"): return 0x07
        case UInt8(ascii: "e"): return 0x1B
        case UInt8(ascii: "x"):
            if consume(UInt8(ascii: "{")) { return try parseBracedNumber(radix: 16, at: start) }
            let value = scanDigits(radix: 16, maxDigits: 2) ?? 0
            return value < 0x80 ? value : try parseRawSequence(lead: UInt8(value), at: start)
        case UInt8(ascii: "u"):
            guard let value = scanDigits(radix: 16, maxDigits: 4), position - start == 6 else {
                throw error("too short digits in \\u escape", at: start)
            }
            return value
        case UInt8(ascii: "o") where peek() == UInt8(ascii: "{"):
            position += 1
            return try parseBracedNumber(radix: 8, at: start)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            position -= 1
            return try parseOctal(maxDigits: 3, at: start)
        case UInt8(ascii: "c"):
            return try parseControl(at: start)
        case UInt8(ascii: "C") where peek() == UInt8(ascii: "-"):
            position += 1
            return try parseControl(at: start)
        case UInt8(ascii: "M") where peek() == UInt8(ascii: "-"):
            throw error("unsupported: meta escapes \\M-x are raw bytes above 0x7F", at: start)
        default:
            // Any other escaped character stands for itself (`\Q`, `\E`, `\-`, `\j`…).
            position -= 1
            return try nextScalar()
        }
    }

    /// Parses `\cX` after `c`: the control character for X.
    mutating func parseControl(at start: Int) throws(PatternTranslationError) -> UInt32 {
        guard let byte = next(), byte < 0x80 else { throw error("invalid control-code syntax", at: start) }
        return byte == UInt8(ascii: "?") ? 0x7F : UInt32(byte & 0x9F)
    }

    /// Parses an octal escape of up to `maxDigits` digits; values above 0x7F are raw bytes.
    mutating func parseOctal(maxDigits: Int, at start: Int) throws(PatternTranslationError) -> UInt32 {
        let value = scanDigits(radix: 8, maxDigits: maxDigits) ?? 0
        guard value < 256 else { throw error("too big number", at: start) }
        return value < 0x80 ? value : try parseRawSequence(lead: UInt8(value), at: start)
    }

    /// Parses the digits of `\x{…}` or `\o{…}` after the brace, up to and including `}`.
    mutating func parseBracedNumber(radix: UInt32, at start: Int) throws(PatternTranslationError) -> UInt32 {
        guard let value = scanDigits(radix: radix, maxDigits: 8), consume(UInt8(ascii: "}")) else {
            throw error("invalid code point value", at: start)
        }
        guard value <= 0x10FFFF else { throw error("invalid code point value", at: start) }
        return value
    }

    /// Reads up to `maxDigits` digits in `radix`; nil when there are none.
    mutating func scanDigits(radix: UInt32, maxDigits: Int) -> UInt32? {
        var value: UInt32?
        var count = 0
        while count < maxDigits, let byte = peek(), let digit = Self.digitValue(byte), digit < radix {
            value = (value ?? 0) &* radix &+ digit
            position += 1
            count += 1
        }
        return value
    }

    /// The value of an ASCII hex digit.
    static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Joins raw bytes written as `\xHH` escapes into one UTF-8 scalar, as Oniguruma does;
    /// a lone or malformed byte above 0x7F is an error.
    mutating func parseRawSequence(lead: UInt8, at start: Int) throws(PatternTranslationError) -> UInt32 {
        let length =
            lead >= 0xF0 && lead < 0xF5
            ? 4 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0
        guard length > 0 else { throw error("invalid code point value", at: start) }
        var bytes = [lead]
        for _ in 1..<length {
            guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "x") else { break }
            position += 2
            guard let value = scanDigits(radix: 16, maxDigits: 2), value & 0xC0 == 0x80 else {
                throw error("invalid code point value", at: start)
            }
            bytes.append(UInt8(value))
        }
        guard bytes.count == length,
            let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first
        else { throw error("invalid code point value", at: start) }
        return scalar.value
    }
}
