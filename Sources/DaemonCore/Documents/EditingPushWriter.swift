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
        append(#"{"jsonrpc":"2.0","method":"textStorage/didProcessEditing","params":{"changeInLength":"#)
        JSONValue.writeInteger(changeInLength, to: &bytes)
        append(#","changes":["#)
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
        append(#"],"editedRange":"#)
        if let editedRange { write(editedRange.json) } else { append("null") }
        append(#","styles":"#)
        write(definitions(used))
        append(#","uri":"#)
        JSONValue.writeString(uri, to: &bytes)
        append(#","version":"#)
        JSONValue.writeInteger(version, to: &bytes)
        append("}}")
    }

    /// One change as `{brackets, length, links, offset, runs, spans}`.
    private mutating func writeChange(
        _ change: AttributeChange, measure: UnitMeasure, used: inout Set<StyleID>,
        bracketStyle: (BracketMark) -> StyleID
    ) {
        let range = UnitRange(utf8: change.range, measure: measure)
        append(#"{"brackets":["#)
        for (index, bracket) in change.brackets.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let style = bracketStyle(bracket.mark)
            used.insert(style)
            let bracketRange = UnitRange(utf8: bracket.range, measure: measure)
            append(#"{"depth":"#)
            JSONValue.writeInteger(Int(bracket.mark.depth), to: &bytes)
            append(#","length":"#)
            JSONValue.writeInteger(bracketRange.length, to: &bytes)
            append(#","offset":"#)
            JSONValue.writeInteger(bracketRange.offset, to: &bytes)
            append(#","style":"#)
            JSONValue.writeInteger(Int(style.rawValue), to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        append(#"],"length":"#)
        JSONValue.writeInteger(range.length, to: &bytes)
        // Most changes have neither links nor spans: no array and no value to build for them.
        append(#","links":"#)
        if change.links.isEmpty {
            append("[]")
        } else {
            write(change.links.map { WireLink($0, measure: measure) }.json)
        }
        append(#","offset":"#)
        JSONValue.writeInteger(range.offset, to: &bytes)
        append(#","runs":["#)
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
        append(#"],"spans":"#)
        if change.spans.isEmpty {
            append("[]")
        } else {
            write(change.spans.map { WireSpan($0, measure: measure) }.json)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func write(_ value: JSONValue) {
        bytes.append(contentsOf: value.serializedBytes())
    }
}
