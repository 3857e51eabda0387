extension OnigParser {
    /// The largest repeat count PCRE2 accepts.
    static let maximumRepeat = 65_535

    /// Applies every quantifier that follows an atom; Oniguruma allows them to stack (`a**`).
    mutating func parseQuantifiers(
        _ atom: OnigNode, atomStart: Int
    ) throws(PatternTranslationError) -> OnigNode {
        var node = atom
        var stacked = 0
        while true {
            skipInsignificant()
            let start = position
            guard let quantifier = try parseQuantifier() else { return node }
            if !Self.canBeQuantified(node) {
                throw error("target of repeat operator is invalid", at: start)
            }
            // Each stacked quantifier nests the tree one level deeper.
            stacked += 1
            guard stacked <= Self.maximumDepth else { throw error("too many stacked quantifiers", at: start) }
            node = .quantified(node, quantifier)
        }
    }

    /// Whether Oniguruma lets a node be repeated: anchors and lookarounds cannot be.
    static func canBeQuantified(_ node: OnigNode) -> Bool {
        switch node {
        case .anchor, .fail:
            return false
        case .verbatim(let escape):
            return escape != "\\K"
        case .group(let kind, _):
            switch kind {
            case .lookahead, .negativeLookahead, .lookbehind, .negativeLookbehind: return false
            default: return true
            }
        default:
            return true
        }
    }

    /// Parses one quantifier at the current position, or returns nil without consuming anything.
    mutating func parseQuantifier() throws(PatternTranslationError) -> OnigQuantifier? {
        guard let byte = peek() else { return nil }
        var quantifier: OnigQuantifier
        switch byte {
        case UInt8(ascii: "?"): quantifier = OnigQuantifier(min: 0, max: 1, mode: .greedy)
        case UInt8(ascii: "*"): quantifier = OnigQuantifier(min: 0, max: nil, mode: .greedy)
        case UInt8(ascii: "+"): quantifier = OnigQuantifier(min: 1, max: nil, mode: .greedy)
        case UInt8(ascii: "{"):
            let start = position
            guard let (interval, isFixed) = try parseInterval() else {
                position = start
                return nil
            }
            // `{n,m}?` is lazy, but `{n}?` is `(?:X{n})?` and `{n,m}+` is `(?:X{n,m})+`:
            // the trailing operator is left for the next round (so it is after a reversed
            // interval, which comes back as fixed).
            quantifier = interval
            if !isFixed, consume(UInt8(ascii: "?")) { quantifier.mode = .lazy }
            return quantifier
        default:
            return nil
        }
        position += 1
        if consume(UInt8(ascii: "?")) {
            quantifier.mode = .lazy
        } else if consume(UInt8(ascii: "+")) {
            quantifier.mode = .possessive
        }
        return quantifier
    }

    /// Parses `{n}`, `{n,}`, `{,m}` or `{n,m}` at `{`; nil (position unspecified) when the
    /// braces are not an interval, which Oniguruma then reads as literal text.
    mutating func parseInterval() throws(PatternTranslationError) -> (OnigQuantifier, isFixed: Bool)? {
        let start = position
        guard consume(UInt8(ascii: "{")) else { return nil }
        let low = scanDecimal()
        var high: Int?
        var isFixed = false
        if consume(UInt8(ascii: ",")) {
            high = scanDecimal()
            if low == nil && high == nil { return nil }
        } else {
            guard low != nil else { return nil }
            high = low
            isFixed = true
        }
        guard consume(UInt8(ascii: "}")) else { return nil }
        let minimum = low ?? 0
        if minimum > Self.maximumRepeat || (high ?? 0) > Self.maximumRepeat {
            throw error("too big number for repeat range", at: start)
        }
        // Oniguruma reads `{n,m}` with n > m as the possessive `{m,n}+`, and an operator after
        // it as a new repetition (`a{2,0}?` is `(?:a{0,2}+)?`), as `{n}` leaves it.
        if let high, high < minimum {
            return (OnigQuantifier(min: high, max: minimum, mode: .possessive), true)
        }
        return (OnigQuantifier(min: minimum, max: high, mode: .greedy), isFixed)
    }

    /// Reads decimal digits, saturating far above any valid count.
    mutating func scanDecimal() -> Int? {
        var value: Int?
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            value = min((value ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 100_000_000)
            position += 1
        }
        return value
    }
}
