import TextSegmentation

/// Lays text out in lines no wider than a width: shaped with HarfBuzz run by run (a run is
/// the longest stretch one font covers), broken with the UAX #14 line breaker on shaped
/// advances, never inside an unbreakable span (a link, an atomic span) that fits a line.
///
/// Text runs left to right in logical order: right-to-left text is shaped correctly (Arabic
/// joins, marks sit right), but lines are not reordered for display (no bidi yet).
public struct ParagraphLayout: Sendable {
    public let fonts: FontSet
    /// Pixels per em.
    public let size: Double

    /// The largest size accepted, in pixels per em.
    public static let maximumSize = 10_000.0
    /// The widest container accepted, in pixels.
    public static let maximumWidth = 10_000_000.0

    public init(fonts: FontSet, size: Double) throws(LayoutError) {
        guard size.isFinite, size > 0, size <= Self.maximumSize else {
            throw .invalidMeasure(name: "size", value: size)
        }
        self.fonts = fonts
        self.size = size
    }

    /// The height of one line: the primary font's ascender, descender and line gap.
    public var lineHeight: Double {
        Double(fonts.primary.ascender + fonts.primary.descender + fonts.primary.lineGap)
            * scale(fonts.primary)
    }

    func scale(_ font: LayoutFont) -> Double { size / Double(font.unitsPerEm) }

    /// The lines of `text` (which may hold several paragraphs: line breaks end lines) set in a
    /// container `width` wide, the first line's top at `top`. `unbreakable` are UTF-16 ranges
    /// of `text`. Every UTF-16 unit of `text` belongs to exactly one fragment, in order.
    public func fragments(
        of text: String, width: Double, unbreakable: [Range<Int>] = [], top: Double = 0
    ) throws(LayoutError) -> [LineFragment] {
        guard width.isFinite, width > 0, width <= Self.maximumWidth else {
            throw .invalidMeasure(name: "width", value: width)
        }
        let advances = ShapedAdvances(text: text, fonts: fonts, size: size)
        let lines = LineBreaker().lines(in: text, width: width, unbreakable: unbreakable) { range, _ in
            (advances.width(of: range), advances.hangs(at: range.lowerBound))
        }
        var fragments: [LineFragment] = []
        var y = top
        let height = lineHeight
        let ascent = Double(fonts.primary.ascender) * scale(fonts.primary)
        for line in lines {
            let clusters = advances.clusterRects(in: line, y: y, height: height, width: width)
            let contentWidth = advances.contentWidth(of: line)
            fragments.append(
                LineFragment(
                    range: line,
                    rect: LayoutRect(x: 0, y: y, width: min(contentWidth, width), height: height),
                    baseline: y + ascent, fontSize: size, clusters: clusters))
            y += height
        }
        return fragments
    }
}
