import TextRope
import TextSegmentation

/// Lays text out in line fragments: shaped with HarfBuzz run by run (a run is the longest
/// stretch one font covers), broken with the UAX #14 line breaker on shaped advances, never
/// inside an unbreakable span (a link, an atomic span) that fits a line; placed in
/// containers, around their exclusion shapes, flowing from one container into the next.
///
/// Mixed-direction text follows the Unicode Bidirectional Algorithm: each run is shaped in
/// its resolved direction, each line's clusters are placed in visual order, and the lines of
/// a right-to-left paragraph (its first strong character is right to left) align right.
public struct ParagraphLayout: Sendable {
    public let fonts: FontSet
    /// Pixels per em (fit sizing chooses each line's own size instead).
    public let size: Double

    /// The largest size accepted, in pixels per em.
    public static let maximumSize = 10_000.0
    /// The widest container accepted, in pixels.
    public static let maximumWidth = LayoutContainer.maximumExtent
    /// The most UTF-16 units of one grapheme cluster shaped: far beyond any real cluster
    /// (Unicode's stream-safe format allows 30 marks in a row), short enough that a cluster
    /// of a letter and 100,000 marks is shaped in microseconds; the rest is not shaped.
    public static let maximumShapedClusterLength = 256

    public init(fonts: FontSet, size: Double) throws(LayoutError) {
        try Self.checkSize("size", size)
        self.fonts = fonts
        self.size = size
    }

    static func checkSize(_ name: String, _ size: Double) throws(LayoutError) {
        guard size.isFinite, size > 0, size <= maximumSize else {
            throw .invalidMeasure(name: name, value: size)
        }
    }

    /// The height of one line at `size`: the primary font's ascender, descender and line gap.
    public func lineHeight(at size: Double) -> Double {
        let font = fonts.primary
        return Double(font.ascender + font.descender + font.lineGap) * size / Double(font.unitsPerEm)
    }

    /// The height of one line at the layout's size.
    public var lineHeight: Double { lineHeight(at: size) }

    /// The lines of `text` in one container `width` wide, the first line's top at `top`.
    public func fragments(
        of text: String, width: Double, unbreakable: [Range<UTF16Offset>] = [], top: Double = 0
    ) throws(LayoutError) -> [LineFragment] {
        guard top.isFinite, top >= 0, top <= LayoutContainer.maximumExtent else {
            throw .invalidMeasure(name: "top", value: top)
        }
        return try layout(
            text, in: [LayoutContainer(width: width, insets: LayoutInsets(top: top))],
            unbreakable: unbreakable)
    }

    /// The lines of `text` (paragraphs end at line breaks, which belong to their paragraph's
    /// last line) flowed through `containers` in order; text the last container cannot hold
    /// goes on below it. `unbreakable` are UTF-16 ranges of `text`. Every UTF-16 unit of
    /// `text` belongs to exactly one fragment, in order.
    public func layout(
        _ text: String, in containers: [LayoutContainer], style: ParagraphStyle = .init(),
        unbreakable: [Range<UTF16Offset>] = []
    ) throws(LayoutError) -> [LineFragment] {
        let incremental = try IncrementalLayout(layout: self, containers: containers, style: style)
        incremental.update(text, unbreakable: unbreakable)
        return incremental.fragments
    }

    static func check(_ style: ParagraphStyle) throws(LayoutError) {
        guard style.lineSpacing.isFinite, style.lineSpacing >= 0,
            style.lineSpacing <= LayoutContainer.maximumExtent
        else { throw .invalidMeasure(name: "lineSpacing", value: style.lineSpacing) }
        if let fit = style.fitSizes {
            try checkSize("fit minimum", fit.lowerBound)
            try checkSize("fit maximum", fit.upperBound)
        }
        if let background = style.background {
            for (name, value) in [
                ("background horizontal padding", background.horizontalPadding),
                ("background vertical padding", background.verticalPadding),
                ("background corner radius", background.cornerRadius),
            ] where !(value.isFinite && value >= 0 && value <= LayoutContainer.maximumExtent) {
                throw .invalidMeasure(name: name, value: value)
            }
        }
    }

    /// `text` cut after each line break (a paragraph keeps its break); an empty text is one
    /// empty paragraph, as is the end of a text that ends with a break.
    static func paragraphs(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        for index in text.indices where text[index].isNewline {
            let end = text.index(after: index)
            result.append(text[start..<end])
            start = end
        }
        if start < text.endIndex || result.isEmpty { result.append(text[start...]) }
        return result
    }
}
