/// A zero-based line and a character offset within it, LSP style: a value of the protocol edge.
///
/// The character offset's unit is not part of the value: every API that takes or returns a
/// position names it (UTF-8, UTF-16 or UTF-32), as LSP's position encodings do. Inside the
/// daemon, lines are `LineIndex` and offsets `UTF8Offset`.
public struct LinePosition: Hashable, Sendable, CustomStringConvertible {
    /// Zero-based line index.
    public var line: Int
    /// Offset from the start of the line, in the unit the API names.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public var description: String { "\(line):\(character)" }
}

/// Where one line lies, in UTF-8 offsets.
public struct LineBounds: Hashable, Sendable {
    /// The first byte of the line.
    public var start: UTF8Offset
    /// Where the line's content ends: the start of its terminator, or the end of the text.
    public var contentEnd: UTF8Offset
    /// Past the terminator: the start of the next line, or the end of the text.
    public var end: UTF8Offset

    /// Creates line bounds.
    public init(start: UTF8Offset, contentEnd: UTF8Offset, end: UTF8Offset) {
        self.start = start
        self.contentEnd = contentEnd
        self.end = end
    }
}
