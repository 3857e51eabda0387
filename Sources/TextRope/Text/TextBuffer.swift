/// Text in a rope: O(log n) edits and conversions between UTF-8, UTF-16 and UTF-32 offsets
/// and line positions.
///
/// Offsets are in UTF-8 bytes unless a `TextUnit` says otherwise. Lines end at `\n`, `\r\n`
/// or `\r`; a `\r\n` pair is one terminator.
public struct TextBuffer: Sendable {
    var rope: Rope<TextChunk>

    /// Empty text.
    public init() { rope = Rope() }

    /// The given text.
    public init(_ text: String) {
        rope = Rope(chunks: TextChunk.chunks(of: text))
    }

    /// Lengths in every unit and the number of line breaks.
    public var summary: TextSummary { rope.summary }

    /// The length in `unit`.
    public func count(in unit: TextUnit) -> Int { rope.summary.count(in: unit) }

    /// The length in UTF-8 bytes.
    public var utf8Count: Int { rope.count }

    /// The whole text as a UTF-8 range.
    public var utf8Range: Range<UTF8Offset> { 0..<UTF8Offset(rope.count) }

    /// The end of the text, in UTF-8.
    public var utf8End: UTF8Offset { UTF8Offset(rope.count) }

    /// The number of lines: line breaks + 1 (an empty text has one empty line).
    public var lineCount: Int { rope.summary.lineBreaks + 1 }

    /// Every line's index.
    public var lines: Range<LineIndex> { 0..<LineIndex(lineCount) }

    /// The height of the underlying B-tree, for diagnostics.
    public var treeHeight: Int { rope.height }

    /// The whole text.
    public var string: String { substring(utf8Range) }

    /// The text in a UTF-8 byte range (which must lie on scalar boundaries).
    /// - Complexity: O(log n + range.count).
    public func substring(_ range: Range<UTF8Offset>) -> String {
        let range = range.bytes
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        rope.forEachChunk(from: range.lowerBound) { chunk, start in
            let lower = max(range.lowerBound - start, 0)
            let upper = min(range.upperBound - start, chunk.count)
            if lower < upper { bytes.append(contentsOf: chunk.bytes[lower..<upper]) }
            return start + chunk.count < range.upperBound
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte at a UTF-8 offset, or nil at or past the end.
    /// - Complexity: O(log n).
    public func byte(at offset: UTF8Offset) -> UInt8? { byte(at: offset.rawValue) }

    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0 && offset < utf8Count else { return nil }
        guard let leaf = rope.seekLeaf(where: { $0.utf8 > offset }) else { return nil }
        return leaf.chunk.bytes[offset - leaf.start]
    }

    /// Replaces a UTF-8 byte range (on scalar boundaries) with `text`.
    /// - Complexity: O(log n + text.utf8.count).
    public mutating func replace(_ range: Range<UTF8Offset>, with text: String) {
        let range = range.bytes
        var text = text
        let editedInPlace = text.withUTF8 { inserted in
            inserted.count <= TextChunk.maximumCount
                && rope.editLeafInPlace(range) { chunk, local, _ in chunk.replaceBytes(local, with: inserted)
                }
        }
        if !editedInPlace {
            rope.replaceSubrange(range, with: TextChunk.chunks(of: text))
        }
    }
}
