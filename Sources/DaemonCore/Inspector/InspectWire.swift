import Highlighting
import JSONRPC
import TextRope
import ThemeEngine

/// `textStorage/inspect`: a document and the UTF-8 offset of an `offset` in the negotiated
/// unit (the character after the caret, as `attributes(at:)` reads it; the end of the text is
/// allowed and reads the token before it).
struct InspectParams {
    let document: DocumentSession
    let offset: UTF8Offset

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        let requested = try params.int("offset", atLeast: 0)
        offset = try UnitRange(offset: requested, length: 0).utf8Range(
            in: document.storage.text, unit: server.encoding, field: "offset"
        ).lowerBound
    }
}

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
