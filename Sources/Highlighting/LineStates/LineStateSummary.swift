import TextRope

/// What the line-state rope keeps per node: how many lines, and how many of them are invalid.
///
/// Both counts add, so the summary is a commutative monoid; seeking by either count is O(log n).
public struct LineStateSummary: RopeSummary, Hashable {
    /// Lines covered.
    public var lines: Int
    /// Lines among them whose styles are not known to be right.
    public var invalidLines: Int

    /// Creates a summary.
    public init(lines: Int, invalidLines: Int) {
        self.lines = lines
        self.invalidLines = invalidLines
    }

    public static let zero = LineStateSummary(lines: 0, invalidLines: 0)

    public func combined(with other: LineStateSummary) -> LineStateSummary {
        LineStateSummary(lines: lines + other.lines, invalidLines: invalidLines + other.invalidLines)
    }
}
