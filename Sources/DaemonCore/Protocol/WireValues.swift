import JSONRPC
import TextRope

/// A value the daemon sends: each result and push part says once how it is written.
protocol WireEncodable {
    var json: JSONValue { get }
}

/// An NSRange-style `{offset, length}` in the negotiated unit, as the `textStorage/` methods
/// send and take it.
struct UnitRange: WireEncodable, Equatable {
    var offset: Int
    var length: Int

    /// The range `path` names: both members non-negative, and their sum in Int's range so
    /// that `offset + length` is safe to compute.
    init(_ params: Params, at path: String) throws(ResponseError) {
        (offset, length) = try params.offsetRange(path)
    }

    /// The range an object's own `offset` and `length` members give (errors name them bare,
    /// for the caller to prefix).
    init(members object: Params) throws(ResponseError) {
        offset = try object.int("offset", atLeast: 0)
        length = try object.int("length", atLeast: 0)
        guard offset <= Int.max - length else { throw .invalidParams("offset + length is too large") }
    }

    init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// A UTF-8 range of `text` measured in `unit`.
    init(utf8 range: Range<UTF8Offset>, of text: TextBuffer, unit: TextUnit) {
        self.init(utf8: range, measure: UnitMeasure(text: text, unit: unit))
    }

    init(utf8 range: Range<UTF8Offset>, measure: UnitMeasure) {
        (offset, length) = measure.range(range)
    }

    var json: JSONValue { ["offset": .integer(offset), "length": .integer(length)] }

    /// The UTF-8 range of `text` this range names in `unit`; -32602 naming `field` when an end
    /// lies outside the text or inside a character.
    func utf8Range(in text: TextBuffer, unit: TextUnit, field: String) throws(ResponseError) -> Range<
        UTF8Offset
    > {
        do throws(TextPositionError) {
            let lower = try text.utf8Offset(offset, in: unit)
            return lower..<(length == 0 ? lower : try text.utf8Offset(offset + length, in: unit))
        } catch {
            throw .invalidParams("\(field): \(error)")
        }
    }
}

extension LinePosition: WireEncodable {
    /// The LSP position at `path` (`{line, character}`, both non-negative).
    init(_ params: Params, at path: String) throws(ResponseError) {
        self.init(
            line: try params.int("\(path).line", atLeast: 0),
            character: try params.int("\(path).character", atLeast: 0))
    }

    var json: JSONValue { ["line": .integer(line), "character": .integer(character)] }
}

/// An LSP `{start, end}` range of line positions.
struct LineRange: WireEncodable {
    var start: LinePosition
    var end: LinePosition

    init(start: LinePosition, end: LinePosition) {
        self.start = start
        self.end = end
    }

    init(_ params: Params, at path: String) throws(ResponseError) {
        start = try LinePosition(params, at: "\(path).start")
        end = try LinePosition(params, at: "\(path).end")
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }
}

extension JSONValue: WireEncodable {
    var json: JSONValue { self }
}

extension Array: WireEncodable where Element: WireEncodable {
    var json: JSONValue { .array(map(\.json)) }
}
