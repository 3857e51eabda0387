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

    /// `json`'s bytes: `[[length,style],…]`.
    func write(to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + 10 * lengths.count + 2)
        bytes.append(UInt8(ascii: "["))
        for index in lengths.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            JSONValue.writeInteger(lengths[index], to: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONValue.writeInteger(Int(styles[index].rawValue), to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
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

    /// `json`'s bytes.
    func write(to bytes: inout [UInt8]) {
        bytes.append(literal: #"{"depth":"#)
        JSONValue.writeInteger(depth, to: &bytes)
        bytes.append(literal: #","length":"#)
        JSONValue.writeInteger(range.length, to: &bytes)
        bytes.append(literal: #","offset":"#)
        JSONValue.writeInteger(range.offset, to: &bytes)
        bytes.append(literal: #","style":"#)
        JSONValue.writeInteger(Int(style.rawValue), to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}

/// What `textStorage/attributes` answers: the runs, links and spans over a range, with the
/// definitions of every style the runs use.
///
/// Written as bytes (`WireBytesEncodable`): a whole document's runs and brackets as `JSONValue`s
/// took an array or a dictionary each, about 50 MB for 1 MB of JavaScript, and the document's
/// own leaves, allocated between such answers while it was still being highlighted, were left
/// among their holes (the daemon's resident size for that document: 21.1–21.8 MB, against 10
/// when it was asked for one byte; docs/PERFORMANCE.md).
struct AttributesResult: WireBytesEncodable {
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

    func write(to bytes: inout [UInt8]) {
        bytes.append(literal: #"{"brackets":["#)
        for index in brackets.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            brackets[index].write(to: &bytes)
        }
        bytes.append(literal: #"],"links":"#)
        links.json.write(to: &bytes)
        bytes.append(literal: #","pending":"#)
        bytes.append(literal: pending ? "true" : "false")
        bytes.append(literal: #","range":"#)
        range.json.write(to: &bytes)
        bytes.append(literal: #","runs":"#)
        runs.write(to: &bytes)
        bytes.append(literal: #","spans":"#)
        spans.json.write(to: &bytes)
        bytes.append(literal: #","styles":"#)
        styles.write(to: &bytes)
        bytes.append(literal: #","version":"#)
        JSONValue.writeInteger(version, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
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
