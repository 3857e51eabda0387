import GrammarEngine

/// A small document with its tokens for renderer tests.
enum RendererFixtures {
    static let theme = ThemeFixtures.theme(
        ThemeFixtures.rule("keyword", fg: "#C792EA", font: "bold"),
        ThemeFixtures.rule("string", fg: "#A5CC82", bg: "#202830"),
        ThemeFixtures.rule("comment", fg: "#6E7889", font: "italic underline strikethrough"))

    /// `let s = "a<b>&c";  // é😀\n` split into tokens by UTF-8 byte ranges.
    static func document() -> (text: String, tokens: [DocumentToken]) {
        let pieces: [(String, [String])] = [
            ("let", ["source.t", "keyword.other"]), (" s = ", ["source.t"]),
            ("\"a<b>&c\"", ["source.t", "string.quoted"]), (";  ", ["source.t"]),
            ("// é😀\n", ["source.t", "comment.line"]), ("x", ["source.t"]),
        ]
        var text = ""
        var tokens: [DocumentToken] = []
        for (piece, scopes) in pieces {
            let start = text.utf8.count
            text += piece
            tokens.append(DocumentToken(range: start..<text.utf8.count, scopes: scopes))
        }
        return (text, tokens)
    }
}
