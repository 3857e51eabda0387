import TestSupport

/// Random edits over text with mentions, shortcodes, links, emoji, combining marks and CJK.
enum SpanEditGenerator {
    static let pieces = [
        "@bob", "@a", "[赞]", "[ok]", "[e\u{301}😀]", "[x]", ":+1:", ":no:", "#tag", "a@b.co", "http://e.io/",
        " ", "\n",
        "😀", "e\u{301}", "\u{301}", "日本", "[", "]", "@", ":", "x", "\r\n",
    ]

    /// UTF-8 offsets on scalar boundaries, not inside `\r\n`.
    static func boundaries(of text: String) -> [Int] {
        let bytes = Array(text.utf8)
        return (0...bytes.count).filter { offset in
            if offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { return false }
            return !(offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A)
        }
    }

    /// A random replacement: a short range (UTF-8) and the text to put there.
    static func edit(of text: String, using random: inout SeededGenerator) -> (Range<Int>, String) {
        let valid = boundaries(of: text)
        let lower = valid.randomElement(using: &random) ?? 0
        let upper = valid.filter { $0 >= lower && $0 <= lower + 6 }.randomElement(using: &random) ?? lower
        let count = Int.random(in: 0...2, using: &random)
        let inserted = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        return (lower..<upper, inserted)
    }
}
