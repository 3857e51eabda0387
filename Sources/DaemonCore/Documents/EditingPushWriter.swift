import DocumentStorage
import JSONSyntax
import TextRope

/// A `textStorage/didProcessEditing` notification written straight into its bytes: the same
/// bytes as the message built as a `JSONValue` and serialized (members in the order of their
/// keys), without the tree.
///
/// The tree cost an array per run, a dictionary per change and a sort per object: half of
/// the time a keystroke that changed the highlighting of twenty lines spent after
/// highlighting them (`drive` on the rustcode trace as Rust, issue 29). Runs and brackets,
/// the bulk of a push, are written here; the rarer links, spans and style definitions go
/// through their `JSONValue`s.
struct EditingPushWriter {
    private(set) var bytes: [UInt8] = []

    /// Writes the notification for `delta` of the document at `uri`. `bracketStyle` gives
    /// each bracket's style (asked once per mark); `definitions` gets the style ids the runs
    /// and brackets use (after the changes are written, so that a bracket style made on the
    /// way is among them).
    init(
        uri: String, version: Int, delta: AttributeDelta, measure: UnitMeasure,
        editedRange: UnitRange?, changeInLength: Int,
        bracketStyle: (BracketMark) -> StyleID,
        definitions: (Set<StyleID>) -> JSONValue
    ) {
        bytes.reserveCapacity(256 + delta.changes.reduce(0) { $0 + 12 * $1.syntaxRuns.count })
        bytes.append(
            literal: #"{"jsonrpc":"2.0","method":"textStorage/didProcessEditing","params":{"changeInLength":"#
        )
        JSONValue.writeInteger(changeInLength, to: &bytes)
        bytes.append(literal: #","changes":["#)
        var used: Set<StyleID> = []
        var bracketStyles: [BracketMark: StyleID] = [:]
        for (index, change) in delta.changes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            writeChange(change, measure: measure, used: &used) { mark in
                if let known = bracketStyles[mark] { return known }
                let style = bracketStyle(mark)
                bracketStyles[mark] = style
                return style
            }
        }
        bytes.append(literal: #"],"editedRange":"#)
        if let editedRange { write(editedRange.json) } else { bytes.append(literal: "null") }
        bytes.append(literal: #","styles":"#)
        write(definitions(used))
        bytes.append(literal: #","uri":"#)
        JSONValue.writeString(uri, to: &bytes)
        bytes.append(literal: #","version":"#)
        JSONValue.writeInteger(version, to: &bytes)
        bytes.append(literal: "}}")
    }

    /// One change as `{brackets, length, links, offset, runs, spans}`.
    private mutating func writeChange(
        _ change: AttributeChange, measure: UnitMeasure, used: inout Set<StyleID>,
        bracketStyle: (BracketMark) -> StyleID
    ) {
        let range = UnitRange(utf8: change.range, measure: measure)
        bytes.append(literal: #"{"brackets":["#)
        for (index, bracket) in change.brackets.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let style = bracketStyle(bracket.mark)
            used.insert(style)
            let bracketRange = UnitRange(utf8: bracket.range, measure: measure)
            bytes.append(literal: #"{"depth":"#)
            JSONValue.writeInteger(Int(bracket.mark.depth), to: &bytes)
            bytes.append(literal: #","length":"#)
            JSONValue.writeInteger(bracketRange.length, to: &bytes)
            bytes.append(literal: #","offset":"#)
            JSONValue.writeInteger(bracketRange.offset, to: &bytes)
            bytes.append(literal: #","style":"#)
            JSONValue.writeInteger(Int(style.rawValue), to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(literal: #"],"length":"#)
        JSONValue.writeInteger(range.length, to: &bytes)
        // Most changes have neither links nor spans: no array and no value to build for them.
        bytes.append(literal: #","links":"#)
        if change.links.isEmpty {
            bytes.append(literal: "[]")
        } else {
            write(change.links.map { WireLink($0, measure: measure) }.json)
        }
        bytes.append(literal: #","offset":"#)
        JSONValue.writeInteger(range.offset, to: &bytes)
        bytes.append(literal: #","runs":["#)
        let runs = change.syntaxRuns
        let lengths = measure.lengths(of: runs.map(\.length), from: change.range.lowerBound)
        for index in runs.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let style = runs[index].value
            used.insert(style)
            bytes.append(UInt8(ascii: "["))
            JSONValue.writeInteger(lengths[index], to: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONValue.writeInteger(Int(style.rawValue), to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(literal: #"],"spans":"#)
        if change.spans.isEmpty {
            bytes.append(literal: "[]")
        } else {
            write(change.spans.map { WireSpan($0, measure: measure) }.json)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func write(_ value: JSONValue) {
        bytes.append(contentsOf: value.serializedBytes())
    }
}
