import TextRope

/// A rectangle in container coordinates: pixels, origin at the top left, y growing down.
public struct LayoutRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// Where one grapheme cluster sits: the caret stops and the rectangle a per-character
/// animation moves. A ligature's width is split evenly among the clusters it joins.
public struct ClusterRect: Hashable, Sendable {
    /// UTF-16 offsets in the laid-out text.
    public var range: Range<UTF16Offset>
    public var rect: LayoutRect
    /// The cluster is in a right-to-left run of its line (an odd bidi level): its text is
    /// drawn from the rect's right edge, with mirrored brackets.
    public var isRightToLeft: Bool

    public init(range: Range<UTF16Offset>, rect: LayoutRect, isRightToLeft: Bool = false) {
        self.range = range
        self.rect = rect
        self.isRightToLeft = isRightToLeft
    }
}

/// One line of laid-out text.
public struct LineFragment: Hashable, Sendable {
    /// UTF-16 offsets in the laid-out text; a paragraph's line break belongs to its last line.
    public var range: Range<UTF16Offset>
    /// The line's box: as wide as its text without the spaces that hang past its end, as tall
    /// as the font's ascender, descender and line gap.
    public var rect: LayoutRect
    /// The baseline's y.
    public var baseline: Double
    /// The size the line was set in.
    public var fontSize: Double
    /// Every grapheme cluster of `range`, in logical order.
    public var clusters: [ClusterRect]
    /// The index of the container the line is in.
    public var container: Int
    /// The rounded rectangle behind the line, when the paragraph style asks for one.
    public var background: LayoutRect?

    public init(
        range: Range<UTF16Offset>, rect: LayoutRect, baseline: Double, fontSize: Double,
        clusters: [ClusterRect],
        container: Int = 0, background: LayoutRect? = nil
    ) {
        self.range = range
        self.rect = rect
        self.baseline = baseline
        self.fontSize = fontSize
        self.clusters = clusters
        self.container = container
        self.background = background
    }
}
