extension OnigParser {
    /// Parses a bracket expression after its `[`: nested classes, `&&`, POSIX brackets, ranges.
    mutating func parseClass(openedAt start: Int) throws(PatternTranslationError) -> ClassSet {
        guard depth < Self.maximumDepth else { throw error("classes nested too deeply", at: start) }
        depth += 1
        defer { depth -= 1 }
        let negated = consume(UInt8(ascii: "^"))
        var operands: [[ClassItem]] = []
        var items: [ClassItem] = []
        var isFirst = true
        while true {
            guard let byte = peek() else { throw error("premature end of char-class", at: start) }
            let itemStart = position
            if byte == UInt8(ascii: "]") {
                // A leading `]` is a literal when another `]` closes the class later.
                guard isFirst else {
                    position += 1
                    break
                }
                guard bytes[(position + 1)...].contains(UInt8(ascii: "]")) else {
                    throw error("empty char-class", at: start)
                }
            }
            isFirst = false
            if byte == UInt8(ascii: "&"), peek(1) == UInt8(ascii: "&") {
                position += 2
                operands.append(items)
                items = []
                continue
            }
            if byte == UInt8(ascii: "["), peek(1) != UInt8(ascii: ":") {
                position += 1
                items.append(.nested(try parseClass(openedAt: itemStart)))
                continue
            }
            let value = try parseClassValue()
            items.append(try parseRange(from: value, at: itemStart))
        }
        guard !operands.isEmpty else { return .union(items, negated: negated) }
        operands.append(items)
        return .intersection(operands.map { .union($0, negated: false) }, negated: negated)
    }

    /// Completes `value-…` into a range when a `-` follows that is not the class's last byte.
    mutating func parseRange(from value: ClassItem, at start: Int) throws(PatternTranslationError)
        -> ClassItem
    {
        guard peek() == UInt8(ascii: "-"), let after = peek(1), after != UInt8(ascii: "]") else {
            return value
        }
        guard case .scalar(let low) = value else {
            throw error("unmatched range specifier in char-class", at: position)
        }
        position += 1
        if after == UInt8(ascii: "[") {
            throw error("unsupported: a range ending in a nested class", at: start)
        }
        guard case .scalar(let high) = try parseClassValue() else {
            throw error("char-class value at end of range", at: start)
        }
        guard low <= high else { throw error("empty range in char class", at: start) }
        return .range(low, high)
    }

    /// Parses one class member that is not a nested class: a scalar, an escape or `[:name:]`.
    mutating func parseClassValue() throws(PatternTranslationError) -> ClassItem {
        let start = position
        if peek() == UInt8(ascii: "["), peek(1) == UInt8(ascii: ":") {
            if let fragment = try parsePosixBracket() { return .fragment(fragment) }
            // Not a POSIX bracket: Oniguruma reads the `[` as a literal.
            position = start + 1
            return .scalar(UInt32(UInt8(ascii: "[")))
        }
        guard consume(UInt8(ascii: "\\")) else { return .scalar(try nextScalar()) }
        guard let byte = next() else { throw error("end pattern at escape", at: start) }
        switch byte {
        case UInt8(ascii: "w"): return .fragment(OnigProperty.word)
        case UInt8(ascii: "W"): return .fragment(OnigProperty.word.inverted)
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "s"), UInt8(ascii: "S"):
            return .fragment(.positive("\\" + String(UnicodeScalar(byte))))
        case UInt8(ascii: "h"): return .fragment(.positive("0-9a-fA-F"))
        case UInt8(ascii: "H"):
            return .fragment(.positive("\\x{0}-\\x{2F}\\x{3A}-\\x{40}\\x{47}-\\x{60}\\x{67}-\\x{10FFFF}"))
        case UInt8(ascii: "p") where peek() == UInt8(ascii: "{"),
            UInt8(ascii: "P") where peek() == UInt8(ascii: "{"):
            let nameStart = position + 1
            let fragment = try parseProperty(negated: byte == UInt8(ascii: "P"), at: start)
            let name = String(decoding: bytes[nameStart..<(position - 1)], as: UTF8.self)
            return .fragment(caseFolded(fragment, name: name.hasPrefix("^") ? "" : name))
        case UInt8(ascii: "b"):
            return .scalar(0x08)
        case UInt8(ascii: "8"), UInt8(ascii: "9"):
            return .scalar(UInt32(byte))
        default:
            position -= 1
            return .scalar(try parseEscapedScalar(at: start))
        }
    }

    /// Parses `[:name:]` or `[:^name:]`; nil when the text is not a POSIX bracket at all.
    mutating func parsePosixBracket() throws(PatternTranslationError) -> ClassFragment? {
        let start = position
        position += 2
        let negated = consume(UInt8(ascii: "^"))
        let nameStart = position
        var scanned = 0
        while let byte = peek(), byte != UInt8(ascii: ":"), byte != UInt8(ascii: "]"), scanned <= 20 {
            position += 1
            scanned += 1
        }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        if peek() == UInt8(ascii: ":"), peek(1) == UInt8(ascii: "]") {
            guard OnigProperty.posixNames.contains(name), let fragment = OnigProperty.characterType(name)
            else {
                throw error("invalid POSIX bracket type", at: start)
            }
            position += 2
            let folded = caseFolded(fragment, name: negated ? "" : name)
            return negated ? folded.inverted : folded
        }
        return nil
    }

    /// Under `(?i)` Oniguruma case-folds a bracket class as a whole, so `[[:upper:]]` also
    /// matches lower case; PCRE2 does not fold properties, so such sets widen to every cased letter.
    func caseFolded(_ fragment: ClassFragment, name: String) -> ClassFragment {
        guard options.ignoreCase, !fragment.negated,
            OnigProperty.isCaseSensitive(OnigProperty.looseName(name))
        else { return fragment }
        return OnigProperty.anyCase
    }
}
