/// A zero-based line and a character offset within it, LSP style.
///
/// The character offset's unit is not part of the value: every API that takes or returns a
/// position names it (UTF-8, UTF-16 or UTF-32), as LSP's position encodings do.
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
    public var start: Int
    /// Where the line's content ends: the start of its terminator, or the end of the text.
    public var contentEnd: Int
    /// Past the terminator: the start of the next line, or the end of the text.
    public var end: Int

    /// Creates line bounds.
    public init(start: Int, contentEnd: Int, end: Int) {
        self.start = start
        self.contentEnd = contentEnd
        self.end = end
    }
}
