/// How lines are set: spacing, per-line fit sizing, line backgrounds, and the base
/// direction of the paragraphs.
public struct ParagraphStyle: Hashable, Sendable {
    /// A paragraph's base direction for the Unicode Bidirectional Algorithm.
    public enum BaseDirection: String, Hashable, Sendable, CaseIterable {
        /// From the paragraph's first strong character; left to right when it has none.
        case auto
        case leftToRight = "ltr"
        case rightToLeft = "rtl"
    }

    /// Extra space between lines, in pixels.
    public var lineSpacing: Double
    /// Fit sizing: each line's breaks are chosen at `lowerBound`, then the line gets the
    /// largest size up to `upperBound` at which it fills its width (story text).
    public var fitSizes: ClosedRange<Double>?
    /// A rounded rectangle behind each line.
    public var background: LineBackground?
    /// Every paragraph's base direction (a chat in Hebrew sets `.rightToLeft`, so that a
    /// message that starts with a Latin word still reads from the right).
    public var baseDirection: BaseDirection

    public init(
        lineSpacing: Double = 0, fitSizes: ClosedRange<Double>? = nil, background: LineBackground? = nil,
        baseDirection: BaseDirection = .auto
    ) {
        self.lineSpacing = lineSpacing
        self.fitSizes = fitSizes
        self.background = background
        self.baseDirection = baseDirection
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
