/// The UTF-8 bytes a pattern matches when it is nothing but a literal string, matched case
/// by case (`\(`, `;`, `=>`, `...`).
///
/// Punctuation rules are written this way in every grammar and are searched on nearly every
/// line; a search for a literal needs no regex engine, and the call into one costs more
/// than finding the bytes. Any group, option, class, anchor or quantifier makes the pattern
/// more than a literal, and it is then left to PCRE2.
enum ExactLiteral {
    static func of(_ node: OnigNode) -> [UInt8]? {
        var bytes: [UInt8] = []
        guard append(node, to: &bytes), !bytes.isEmpty else { return nil }
        return bytes
    }

    private static func append(_ node: OnigNode, to bytes: inout [UInt8]) -> Bool {
        switch node {
        case .literal(let value):
            guard let scalar = Unicode.Scalar(value) else { return false }
            bytes.append(contentsOf: String(Character(scalar)).utf8)
            return true
        case .sequence(let elements):
            return elements.allSatisfy { append($0, to: &bytes) }
        default:
            return false
        }
    }
}
