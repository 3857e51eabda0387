/// Whole words of which every match of a pattern contains one: for keyword lists such as
/// `\b(catch|finally|throw|try)\b`, what lets a scanner skip the search on a line where none
/// of the words stands alone, however many of their letters the line holds.
///
/// A pattern qualifies when every match runs through `\b X \b`, with `X` a set of strings of
/// ASCII word characters (letters, digits, `_`): the two boundaries make each occurrence a
/// whole word of the subject, a maximal run of word characters. Alternations qualify when
/// every branch does; groups without case folding and repetitions of at least one pass
/// through. The strings are read without `RequiredLiterals`' length cap, so long builtin
/// names (`AudioBufferSourceNode`) keep the list whole.
enum RequiredWords {
    /// The most words a list may hold (grammars' builtin lists reach a few hundred).
    static let maxWords = 4_096

    /// The words, or nil when the pattern does not have this shape.
    static func of(_ node: OnigNode) -> Set<[UInt8]>? {
        switch node {
        case .group(let kind, let body):
            return passesThrough(kind) ? of(body) : nil
        case .quantified(let body, let quantifier):
            return quantifier.min > 0 ? of(body) : nil
        case .alternation(let branches):
            var words: Set<[UInt8]> = []
            for branch in branches {
                guard let found = of(branch) else { return nil }
                words.formUnion(found)
                if words.count > maxWords { return nil }
            }
            return words.isEmpty ? nil : words
        case .sequence(let elements):
            for index in elements.indices
            where endsApart(elements[..<index]) && startsApart(elements[(index + 1)...]) {
                if let strings = strings(elements[index]), let words = leadingWords(strings) { return words }
            }
            // An element every match goes through may itself hold the shape.
            for element in elements {
                if let words = of(element) { return words }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether a group matches what its body matches: not a lookaround (zero width), and no
    /// case folding (the words would need their other cases).
    private static func passesThrough(_ kind: OnigGroupKind) -> Bool {
        switch kind {
        case .capture, .nonCapturing, .atomic: return true
        case .options: return !kind.switchesCaseFoldingOn
        case .lookahead, .negativeLookahead, .lookbehind, .negativeLookbehind: return false
        }
    }

    /// Whether whatever `elements` match ends where a word starting right after cannot
    /// continue one: at `\b`, or after a character that is not a word character (a `.`, a
    /// run of spaces after one). Zero-width lookbehinds are looked through.
    private static func endsApart(_ elements: ArraySlice<OnigNode>) -> Bool {
        guard let last = elements.last else { return false }
        let before = elements.dropLast()
        switch last {
        case .anchor(.wordBoundary):
            return true
        case .literal(let value):
            return value < 0x80 && !isWordByte(UInt8(value))
        case .group(.lookbehind, _), .group(.negativeLookbehind, _):
            return endsApart(before)
        case .group(let kind, let body) where passesThrough(kind):
            guard case .sequence(let inner) = body else { return endsApart([body]) }
            return endsApart(inner[...])
        case .quantified(let body, let quantifier) where isApartClass(body):
            // Characters that are no word characters, or none (then what comes before).
            return quantifier.min > 0 || endsApart(before)
        default:
            return isApartClass(last)
        }
    }

    /// Whether whatever `elements` match starts with what ends a word before it: `\b`, the
    /// end of the line, or a character that is not a word character (also inside a
    /// lookahead). Negative lookaheads are looked through.
    private static func startsApart(_ elements: ArraySlice<OnigNode>) -> Bool {
        guard let first = elements.first else { return false }
        let after = elements.dropFirst()
        switch first {
        case .anchor(.wordBoundary), .anchor(.lineEnd):
            return true
        case .literal(let value):
            return value < 0x80 && !isWordByte(UInt8(value))
        case .group(.negativeLookahead, _):
            return startsApart(after)
        case .group(.lookahead, let body), .group(.capture, let body), .group(.nonCapturing, let body),
            .group(.atomic, let body):
            guard case .sequence(let inner) = body else { return startsApart([body]) }
            return startsApart(inner[...])
        case .quantified(let body, let quantifier) where isApartClass(body):
            return quantifier.min > 0 || startsApart(after)
        case .alternation(let branches):
            return branches.allSatisfy { branch in
                guard case .sequence(let inner) = branch else { return startsApart([branch]) }
                return startsApart(inner[...])
            }
        default:
            return isApartClass(first)
        }
    }

    /// Whether a node matches one character that is never a word character: `\s`, or a class
    /// of ASCII punctuation and spaces.
    private static func isApartClass(_ node: OnigNode) -> Bool {
        guard case .set(.union(let items, negated: false)) = node, !items.isEmpty else { return false }
        return items.allSatisfy { item in
            switch item {
            case .scalar(let value): return value < 0x80 && !isWordByte(UInt8(value))
            case .fragment(let fragment): return !fragment.negated && fragment.items == ["\\s"]
            default: return false
            }
        }
    }

    /// The word each string starts with (all of it, or up to its first character that is no
    /// word character, such as the `.` of `plugins.refresh`: that word is whole too), or nil
    /// when some string is empty or does not start with a word character.
    private static func leadingWords(_ strings: Set<[UInt8]>) -> Set<[UInt8]>? {
        var words: Set<[UInt8]> = []
        for string in strings {
            let word = string.prefix(while: isWordByte)
            guard !word.isEmpty, string.allSatisfy({ $0 < 0x80 }) else { return nil }
            words.insert(Array(word))
        }
        return words.isEmpty ? nil : words
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    /// Every string `node` can match, when it matches only plain literal strings (a few small
    /// classes and `?` included), else nil.
    static func strings(_ node: OnigNode) -> Set<[UInt8]>? {
        switch node {
        case .empty:
            return [[]]
        case .literal(let value):
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return [Array(String(Character(scalar)).utf8)]
        case .set(let set):
            return set.memberStrings(atMost: 4)
        case .group(let kind, let body):
            return passesThrough(kind) ? strings(body) : nil
        case .quantified(let body, let quantifier) where quantifier.min == 0 && quantifier.max == 1:
            guard var result = strings(body) else { return nil }
            result.insert([])
            return result
        case .alternation(let branches):
            var result: Set<[UInt8]> = []
            for branch in branches {
                guard let found = strings(branch) else { return nil }
                result.formUnion(found)
                if result.count > maxWords { return nil }
            }
            return result
        case .sequence(let elements):
            var result: Set<[UInt8]> = [[]]
            for element in elements {
                guard let found = strings(element), result.count * found.count <= maxWords else { return nil }
                var product: Set<[UInt8]> = []
                for prefix in result {
                    for suffix in found { product.insert(prefix + suffix) }
                }
                result = product
            }
            return result
        default:
            return nil
        }
    }
}
