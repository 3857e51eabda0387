import GrammarEngine
import ThemeEngine

/// A small document with its tokens for renderer tests.
enum RendererFixtures {
    /// Defaults `#F8F8F8` on `#101010`, and three coloured scopes.
    static let theme = Theme(
        RawTheme(settings: [
            RawThemeSetting(scope: nil, foreground: "#F8F8F8", background: "#101010", fontStyle: nil),
            RawThemeSetting(
                scope: .string("keyword"), foreground: "#C792EA", background: nil, fontStyle: "bold"),
            RawThemeSetting(
                scope: .string("string"), foreground: "#A5CC82", background: "#202830", fontStyle: nil),
            RawThemeSetting(
                scope: .string("comment"), foreground: "#6E7889", background: nil,
                fontStyle: "italic underline strikethrough"),
        ]))

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
