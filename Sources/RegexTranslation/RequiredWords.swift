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
            for index in elements.indices.dropFirst().dropLast()
            where elements[index - 1] == .anchor(.wordBoundary)
                && elements[index + 1] == .anchor(.wordBoundary)
            {
                if let words = strings(elements[index]), isWordList(words) { return words }
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
        case .options(let change): return change.ignoreCase != true
        case .lookahead, .negativeLookahead, .lookbehind, .negativeLookbehind: return false
        }
    }

    private static func isWordList(_ words: Set<[UInt8]>) -> Bool {
        !words.isEmpty && words.allSatisfy { !$0.isEmpty && $0.allSatisfy(isWordByte) }
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
        case .set(.union(let items, negated: false)) where items.count <= 4:
            var result: Set<[UInt8]> = []
            for item in items {
                guard case .scalar(let value) = item, let scalar = Unicode.Scalar(value) else { return nil }
                result.insert(Array(String(Character(scalar)).utf8))
            }
            return result
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
