import Highlighting
import JSONRPC
import TextRope
import ThemeEngine

/// What `textStorage/inspect` answers, like VS Code's "Inspect Editor Tokens and Scopes": the
/// token at the offset (its range and text), its scopes outermost first, the language there,
/// its kind, the style it gets and the theme rule that chose it, and its semantic token type.
struct InspectResult: WireEncodable {
    let version: Int
    let range: UnitRange
    let text: String
    let languageId: String?
    let scopes: [String]
    let kind: TokenKind
    let style: StyleEntry

    /// The longest token text sent, in characters; a longer one ends with `…`.
    static let maximumTextLength = 200

    var json: JSONValue {
        let shown =
            text.count > Self.maximumTextLength ? text.prefix(Self.maximumTextLength) + "…" : Substring(text)
        // The style's fields, with the rule that chose the colours as `themeRule` (a semantic
        // mapping's scope is not a theme rule).
        var object = WireStyle(style).json.objectValue ?? [:]
        object["scope"] = nil
        object["themeRule"] = style.themeSelector.map { .string($0) } ?? .null
        object["version"] = .integer(version)
        object["range"] = range.json
        object["text"] = .string(String(shown))
        object["languageId"] = languageId.map { .string($0) } ?? .null
        object["scopes"] = .array(scopes.map { .string($0) })
        object["tokenKind"] = .string(kind.rawValue)
        return .object(object)
    }
}
