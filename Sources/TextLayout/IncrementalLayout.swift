/// A document's layout kept between edits: after a change, only the paragraphs whose text
/// or unbreakable spans changed are shaped and broken again, and lines are placed again only
/// until the pen (container and y) after a paragraph is where it was before it; from there
/// on, every paragraph lies where it lay (its ranges move by the change in length).
///
/// `ParagraphLayout.layout` runs this from an empty state, so a full layout and an
/// incremental one are the same computation.
public final class IncrementalLayout {
    public let layout: ParagraphLayout
    public let containers: [LayoutContainer]
    public let style: ParagraphStyle

    struct Paragraph {
        var text: String
        var unbreakable: [Range<Int>]
        var advances: ShapedAdvances
        /// Ranges relative to the paragraph's start; rects and pens absolute.
        var fragments: [LineFragment]
        var penBefore: Pen
        var penAfter: Pen
        var length: Int { text.utf16.count }
    }

    private var paragraphs: [Paragraph] = []

    /// How much the last update did: paragraphs shaped and paragraphs placed again.
    public private(set) var lastShaped = 0
    public private(set) var lastPlaced = 0

    public init(layout: ParagraphLayout, containers: [LayoutContainer], style: ParagraphStyle = .init())
        throws(LayoutError)
    {
        guard !containers.isEmpty else { throw .invalidMeasure(name: "containers", value: 0) }
        for container in containers { try container.validate() }
        try ParagraphLayout.check(style)
        self.layout = layout
        self.containers = containers
        self.style = style
    }

    /// Lays out `text` (with `unbreakable` UTF-16 ranges) reusing what the previous text's
    /// layout shares with it.
    public func update(_ text: String, unbreakable: [Range<Int>] = []) {
        let pieces = ParagraphLayout.paragraphs(of: text).map(String.init)
        var starts: [Int] = []
        var offset = 0
        for piece in pieces {
            starts.append(offset)
            offset += piece.utf16.count
        }
        let spans = pieces.indices.map { index in
            Self.spans(unbreakable, in: starts[index]..<(starts[index] + pieces[index].utf16.count))
        }
        // Paragraphs equal at the start and at the end keep their shaping.
        var prefix = 0
        while prefix < min(pieces.count, paragraphs.count), paragraphs[prefix].text == pieces[prefix],
            paragraphs[prefix].unbreakable == spans[prefix]
        {
            prefix += 1
        }
        var suffix = 0
        while suffix < min(pieces.count, paragraphs.count) - prefix,
            paragraphs[paragraphs.count - 1 - suffix].text == pieces[pieces.count - 1 - suffix],
            paragraphs[paragraphs.count - 1 - suffix].unbreakable == spans[pieces.count - 1 - suffix]
        {
            suffix += 1
        }
        let kept = Array(paragraphs[(paragraphs.count - suffix)...])
        var result = Array(paragraphs[..<prefix])
        var pen = result.last?.penAfter ?? Pen(container: 0, y: containers[0].insets.top)
        var flow = LineFlow(layout: layout, containers: containers, style: style, pen: pen)
        lastShaped = 0
        lastPlaced = 0
        for index in prefix..<pieces.count {
            let keptIndex = index - (pieces.count - suffix)
            if keptIndex >= 0, kept[keptIndex].penBefore == pen {
                // Converged: this and every later paragraph lie where they lay.
                result += kept[keptIndex...]
                break
            }
            let advances: ShapedAdvances
            if keptIndex >= 0 {
                advances = kept[keptIndex].advances
            } else {
                advances = ShapedAdvances(text: pieces[index], fonts: layout.fonts, size: flow.baseSize)
                lastShaped += 1
            }
            flow = LineFlow(layout: layout, containers: containers, style: style, pen: pen)
            flow.place(paragraph: pieces[index], advances: advances, unbreakable: spans[index])
            lastPlaced += 1
            result.append(
                Paragraph(
                    text: pieces[index], unbreakable: spans[index], advances: advances,
                    fragments: flow.fragments,
                    penBefore: pen, penAfter: flow.pen))
            pen = flow.pen
        }
        paragraphs = result
    }

    /// `spans` clipped to `paragraph` and made relative to its start.
    static func spans(_ spans: [Range<Int>], in paragraph: Range<Int>) -> [Range<Int>] {
        spans.compactMap { span in
            let lower = max(span.lowerBound, paragraph.lowerBound) - paragraph.lowerBound
            let upper = min(span.upperBound, paragraph.upperBound) - paragraph.lowerBound
            return lower < upper ? lower..<upper : nil
        }
    }

    /// Every line, with ranges in the whole text and backgrounds.
    public var fragments: [LineFragment] {
        var lines: [LineFragment] = []
        var offset = 0
        for paragraph in paragraphs {
            for var line in paragraph.fragments {
                line.range = (line.range.lowerBound + offset)..<(line.range.upperBound + offset)
                line.clusters = line.clusters.map {
                    ClusterRect(
                        range: ($0.range.lowerBound + offset)..<($0.range.upperBound + offset), rect: $0.rect)
                }
                lines.append(line)
            }
            offset += paragraph.length
        }
        if style.background != nil {
            let placed = lines
            for index in lines.indices {
                lines[index].background = LineBackgrounds.background(
                    of: placed[index], after: index > 0 ? placed[index - 1] : nil,
                    before: index + 1 < placed.count ? placed[index + 1] : nil, style: style)
            }
        }
        return lines
    }
}
