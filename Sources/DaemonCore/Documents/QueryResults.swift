import GrammarEngine
import JSONRPC
import TextRope

/// What `textStorage/lineBreaks` answers: per line, the soft-wrap offsets from the line's
/// start in the negotiated unit.
struct LineBreaksResult: WireEncodable {
    let version: Int
    let lines: [(line: LineIndex, breaks: [Int])]

    var json: JSONValue {
        [
            "version": .integer(version),
            "lines": .array(
                lines.map {
                    ["line": .integer($0.line.rawValue), "breaks": .array($0.breaks.map { .integer($0) })]
                }
            ),
        ]
    }
}

/// What `textStorage/language` answers: the language a document is highlighted as (no
/// `scopeName`: plain text) or, asked at a position, the language there and its scopes.
struct LanguageResult: WireEncodable {
    let languageId: String?
    let scopeName: String?
    /// The scopes at the position asked about, outermost first (nil: none was asked).
    let scopes: [String]?
    /// The language's configuration, for its comment markers and bracket pairs.
    let configuration: LanguageConfiguration?

    var json: JSONValue {
        var object: [String: JSONValue] = [
            "languageId": languageId.map { .string($0) } ?? .null,
            "scopeName": scopeName.map { .string($0) } ?? .null,
            "comments": [
                "lineComment": configuration?.lineComment.map { .string($0) } ?? .null,
                "blockComment": configuration?.blockComment.map { [.string($0.open), .string($0.close)] }
                    ?? .null,
            ],
            "brackets": .array(
                (configuration?.pairs ?? []).map { [.string($0.open), .string($0.close)] }),
        ]
        if let scopes { object["scopes"] = .array(scopes.map { .string($0) }) }
        return .object(object)
    }
}
