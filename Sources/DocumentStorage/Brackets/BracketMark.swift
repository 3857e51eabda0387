import TextRope

/// What the bracket layer stores over the text of one bracket: whether it opens or closes and
/// how deeply it is nested (the brackets still open before it), or that it is a closing bracket
/// that closes nothing.
///
/// A pair's two brackets have the same depth, so colouring by depth colours pairs alike.
public struct BracketMark: Hashable, Sendable {
    /// The nesting depth from 0, or -1 for a closing bracket that closes nothing.
    public var depth: Int32
    /// Whether the bracket opens a pair.
    public var isOpen: Bool

    /// Creates a mark.
    public init(depth: Int32, isOpen: Bool) {
        self.depth = depth
        self.isOpen = isOpen
    }

    /// A closing bracket that closes nothing.
    public static let unexpected = BracketMark(depth: -1, isOpen: false)

    /// Whether it is a closing bracket that closes nothing.
    public var isUnexpected: Bool { depth < 0 }
}

/// A bracket and where it lies (UTF-8 offsets of the storage's text).
public struct BracketSpan: Hashable, Sendable {
    /// The bracket's text.
    public var range: Range<UTF8Offset>
    /// Its depth and direction.
    public var mark: BracketMark

    /// Creates a bracket span.
    public init(range: Range<UTF8Offset>, mark: BracketMark) {
        self.range = range
        self.mark = mark
    }
}
