import DocumentStorage
import Highlighting
import JSONRPC
import RichText
import TextRope

/// Syntax runs as `[[length, styleId], …]`, lengths in the negotiated unit.
struct WireRuns: WireEncodable {
    let lengths: [Int]
    let styles: [StyleID]

    /// `runs` of the storage starting at UTF-8 offset `start`, measured by `measure`.
    init(_ runs: [AttributeRun<StyleID>], from start: UTF8Offset, measure: UnitMeasure) {
        lengths = measure.lengths(of: runs.map(\.length), from: start)
        styles = runs.map(\.value)
    }

    var json: JSONValue {
        .array(zip(lengths, styles).map { [.integer($0), .integer(Int($1.rawValue))] })
    }
}

/// A link as `{offset, length, target}` in the negotiated unit.
struct WireLink: WireEncodable {
    let range: UnitRange
    let target: String

    init(_ link: LinkSpan, measure: UnitMeasure) {
        range = UnitRange(utf8: link.range, measure: measure)
        target = link.link.target
    }

    var json: JSONValue {
        ["offset": .integer(range.offset), "length": .integer(range.length), "target": .string(target)]
    }
}

/// A span as `{offset, length, kind, atomic, unbreakable, …data}` in the negotiated unit.
struct WireSpan: WireEncodable {
    let range: UnitRange
    let attribute: SpanAttribute

    /// Members of a span object that its data may not replace.
    static let reservedKeys: Set<String> = ["offset", "length", "kind", "atomic", "unbreakable"]

    init(_ span: Span, measure: UnitMeasure) {
        range = UnitRange(utf8: span.range, measure: measure)
        attribute = span.attribute
    }

    var json: JSONValue {
        var object: [String: JSONValue] = [:]
        for (key, value) in attribute.data where !Self.reservedKeys.contains(key) {
            object[key] = value
        }
        object["offset"] = .integer(range.offset)
        object["length"] = .integer(range.length)
        object["kind"] = .string(attribute.kind)
        object["atomic"] = .bool(attribute.isAtomic)
        object["unbreakable"] = .bool(attribute.isUnbreakable)
        return .object(object)
    }
}

/// A bracket as `{offset, length, depth, style}` in the negotiated unit: `depth` from 0 (-1
/// for a closing bracket that closes nothing) and the style id of its colour.
struct WireBracket: WireEncodable {
    let range: UnitRange
    let depth: Int
    let style: StyleID

    init(_ bracket: BracketSpan, style: StyleID, measure: UnitMeasure) {
        range = UnitRange(utf8: bracket.range, measure: measure)
        depth = Int(bracket.mark.depth)
        self.style = style
    }

    var json: JSONValue {
        [
            "offset": .integer(range.offset), "length": .integer(range.length), "depth": .integer(depth),
            "style": .integer(Int(style.rawValue)),
        ]
    }
}

/// What `textStorage/attributes` answers: the runs, links and spans over a range, with the
/// definitions of every style the runs use.
struct AttributesResult: WireEncodable {
    let version: Int
    let pending: Bool
    let range: UnitRange
    let runs: WireRuns
    let links: [WireLink]
    let spans: [WireSpan]
    let brackets: [WireBracket]
    let styles: JSONValue

    var json: JSONValue {
        [
            "version": .integer(version), "pending": .bool(pending), "range": range.json, "runs": runs.json,
            "links": links.json, "spans": spans.json, "brackets": brackets.json, "styles": styles,
        ]
    }
}

/// A style as clients receive its definition: colours (`#RRGGBB` or `#RRGGBBAA`), font
/// style, the theme selector (or semantic mapping scope) that chose it, the token kind
/// (comment, string, regex, other) and the LSP semantic token type and modifiers it maps to.
struct WireStyle: WireEncodable {
    let entry: StyleEntry

    init(_ entry: StyleEntry) { self.entry = entry }

    var json: JSONValue {
        [
            "foreground": .string(entry.foreground.normalizedHex),
            "background": .string(entry.background.normalizedHex),
            "fontStyle": .string(entry.fontStyle.description),
            "scope": entry.themeSelector.map { .string($0) } ?? entry.semanticScope.map { .string($0) }
                ?? .null,
            "kind": .string(entry.kind.rawValue),
            "semanticTokenType": entry.tokenType.map { .string(SemanticTokenLegend.tokenTypes[$0]) } ?? .null,
            "semanticTokenModifiers": .array(
                SemanticTokenLegend.tokenModifiers.enumerated().filter {
                    entry.tokenModifiers & (1 << $0.offset) != 0
                }
                .map { .string($0.element) }),
        ]
    }
}
