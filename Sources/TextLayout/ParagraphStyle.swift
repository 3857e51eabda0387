/// How lines are set: spacing, per-line fit sizing, and line backgrounds.
public struct ParagraphStyle: Hashable, Sendable {
    /// Extra space between lines, in pixels.
    public var lineSpacing: Double
    /// Fit sizing: each line's breaks are chosen at `lowerBound`, then the line gets the
    /// largest size up to `upperBound` at which it fills its width (story text).
    public var fitSizes: ClosedRange<Double>?
    /// A rounded rectangle behind each line.
    public var background: LineBackground?

    public init(
        lineSpacing: Double = 0, fitSizes: ClosedRange<Double>? = nil, background: LineBackground? = nil
    ) {
        self.lineSpacing = lineSpacing
        self.fitSizes = fitSizes
        self.background = background
    }
}

/// The rounded rectangle drawn behind a line: the line's box grown by the padding. Lines
/// one above the other in a container get backgrounds that meet, so that drawn in one colour
/// they read as one shape.
public struct LineBackground: Hashable, Sendable {
    public var horizontalPadding: Double
    public var verticalPadding: Double
    public var cornerRadius: Double

    public init(horizontalPadding: Double = 8, verticalPadding: Double = 4, cornerRadius: Double = 8) {
        self.horizontalPadding = horizontalPadding
        self.verticalPadding = verticalPadding
        self.cornerRadius = cornerRadius
    }
}
