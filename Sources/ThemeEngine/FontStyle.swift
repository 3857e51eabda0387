/// The font style flags a theme rule can set: italic, bold, underline, strikethrough.
///
/// The raw values match vscode-textmate's `FontStyle` bits. An empty set is an explicit "none",
/// which is different from "not set" (modelled as `FontStyle?` being nil in a rule).
public struct FontStyle: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bit mask.
    public let rawValue: Int

    /// Creates a style from its bit mask.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Italic text.
    public static let italic = FontStyle(rawValue: 1)
    /// Bold text.
    public static let bold = FontStyle(rawValue: 2)
    /// Underlined text.
    public static let underline = FontStyle(rawValue: 4)
    /// Struck-through text.
    public static let strikethrough = FontStyle(rawValue: 8)

    private static let names: [(String, FontStyle)] = [
        ("italic", .italic), ("bold", .bold), ("underline", .underline), ("strikethrough", .strikethrough),
    ]

    /// Parses a theme's `fontStyle` value: space-separated words, unknown words ignored.
    ///
    /// `""` parses to the empty set, an explicit none that clears inherited styles.
    public init(parsing text: String) {
        var style: FontStyle = []
        // vscode-textmate splits on single spaces; empty pieces and unknown words add nothing.
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if let entry = Self.names.first(where: { $0.0 == word }) {
                style.insert(entry.1)
            }
        }
        self = style
    }

    /// The words in theme order (`italic bold underline strikethrough`), `""` when empty.
    public var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: " ")
    }
}
