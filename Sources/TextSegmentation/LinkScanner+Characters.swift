/// ASCII bytes the link scanner looks for.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let hyphen: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let lessThan: UInt8 = 0x3C
    static let greaterThan: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) }
    static func lowercased(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }
}

/// How the link scanner sees a character.
enum CharacterClass {
    /// Whitespace (Unicode Z) or a control character (Cc): links never contain one.
    case space
    /// Unicode punctuation (P): ends a host.
    case punctuation
    /// `<`, `>` and U+FF5C FULLWIDTH VERTICAL LINE, which delimit links in running text.
    case separator
    /// An ASCII symbol (`$+=^`|~`): neither part of a host nor allowed right after one.
    case symbol
    /// Anything else (letters, digits, marks, non-ASCII symbols): may be part of a host.
    case letter

    /// The class of the scalar `value`.
    static func of(_ value: UInt32) -> CharacterClass {
        if value < 0x80 {
            let byte = UInt8(value)
            if byte <= ASCII.space || byte == 0x7F { return .space }
            if ASCII.isAlphanumeric(byte) { return .letter }
            switch byte {
            case ASCII.lessThan, ASCII.greaterThan: return .separator
            case 0x24, 0x2B, 0x3D, 0x5E, 0x60, 0x7C, 0x7E: return .symbol
            default: return .punctuation
            }
        }
        if value == 0xFF5C { return .separator }
        guard let scalar = Unicode.Scalar(value) else { return .letter }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return .space
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return .punctuation
        default: return .letter
        }
    }
}

extension LinkScanner {
    /// The scalar starting at byte `index` (< count) and its length in bytes; an invalid
    /// sequence reads as one byte of U+FFFD.
    @inline(__always)
    func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (0xFFFD, 1)
        }
        guard index + length <= count else { return (0xFFFD, 1) }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// Where the scalar that ends right before byte `index` (> 0) starts.
    func scalarStart(before index: Int) -> Int {
        var start = index - 1
        while start > 0, index - start < 4, bytes[start] & 0xC0 == 0x80 {
            start -= 1
        }
        return scalar(at: start).length == index - start ? start : index - 1
    }

    /// The class of the character at byte `index`; `.space` past the end.
    func characterClass(at index: Int) -> CharacterClass {
        guard index < count else { return .space }
        return CharacterClass.of(scalar(at: index).value)
    }

    /// The class of the character before byte `index`; `.space` at the floor (the start).
    func characterClass(before index: Int) -> (CharacterClass, UInt32) {
        guard index > floor else { return (.space, 0x20) }
        let value = scalar(at: scalarStart(before: index)).value
        return (CharacterClass.of(value), value)
    }
}
