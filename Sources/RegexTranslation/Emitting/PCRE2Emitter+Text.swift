extension PCRE2Emitter {
    /// Whether the emitted form of `node` is one PCRE2 atom that a quantifier may follow.
    static func isAtom(_ node: OnigNode) -> Bool {
        switch node {
        case .literal(let scalar): return !isSurrogate(scalar)
        case .set, .dot, .verbatim, .group, .backReference, .call, .conditional: return true
        default: return false
        }
    }

    /// Whether a value is a UTF-16 surrogate, which no UTF-8 subject contains.
    static func isSurrogate(_ value: UInt32) -> Bool {
        (0xD800...0xDFFF).contains(value)
    }

    /// The PCRE2 spelling of a quantifier.
    static func quantifierText(_ quantifier: OnigQuantifier) -> String {
        var text: String
        switch (quantifier.min, quantifier.max) {
        case (0, 1): text = "?"
        case (0, nil): text = "*"
        case (1, nil): text = "+"
        case (let low, nil): text = "{\(low),}"
        case (let low, let high?) where low == high: text = "{\(low)}"
        case (let low, let high?): text = "{\(low),\(high)}"
        }
        switch quantifier.mode {
        case .greedy: break
        case .lazy: text += "?"
        case .possessive: text += "+"
        }
        return text
    }

    /// A scalar matched literally outside a class.
    static func literal(_ scalar: UInt32) -> String {
        // Oniguruma compiles `\uD800` but no UTF-8 subject can contain it.
        if isSurrogate(scalar) { return "(?!)" }
        return escaped(scalar)
    }

    /// A scalar spelled so that it is literal both in and out of a class.
    static func escaped(_ scalar: UInt32) -> String {
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
            return String(UnicodeScalar(UInt8(scalar)))
        case 0x21...0x7E:
            // PCRE2 reads a backslash before any ASCII non-alphanumeric as a literal.
            return "\\" + String(UnicodeScalar(UInt8(scalar)))
        case 0..<0x80:
            return "\\x{" + String(scalar, radix: 16) + "}"
        default:
            guard let unicode = UnicodeScalar(scalar) else { return "(?!)" }
            return String(unicode)
        }
    }
}
