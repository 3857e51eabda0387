/// Styles a block, after the reference design's `FormattableContentFormatter.render(content:with:)`:
/// notification-icon glyphs are inserted (shifting later ranges), the base attributes cover the
/// whole text, quote styles the quoted parts, and each range adds its kind's attributes in the
/// order the ranges come (a later range wins where ranges overlap); ranges with a `url` take
/// the links colour and link there.
public struct FormattableContentFormatter: Sendable {
    /// The styles applied.
    public var styles: FormattableContentStyles

    /// A formatter with `styles`.
    public init(styles: FormattableContentStyles = .standard) { self.styles = styles }

    /// The styled segments of `content` (insertions not yet applied).
    public func segments(of content: FormattableContent) -> [StyledSegment] {
        let rendered = content.applyingInsertions()
        let utf16 = Array(rendered.text.utf16)
        let quotes = Self.quotedRanges(in: utf16)
        var cuts = Set([0, utf16.count])
        for range in rendered.ranges { cuts.formUnion([range.indices.lowerBound, range.indices.upperBound]) }
        for quote in quotes { cuts.formUnion([quote.lowerBound, quote.upperBound]) }
        let bounds = cuts.sorted()
        var result: [StyledSegment] = []
        var shownAttachments: Set<Int> = []
        for (lower, upper) in zip(bounds, bounds.dropFirst()) where lower < upper {
            var attributes = styles.attributes
            if let quote = styles.quoteStyles,
                quotes.contains(where: { $0.lowerBound <= lower && upper <= $0.upperBound })
            {
                attributes = attributes.merged(with: quote)
            }
            var url: String?
            var attachment: (index: Int, SpanAttachment)?
            for (index, range) in rendered.ranges.enumerated()
            where range.indices.lowerBound <= lower && upper <= range.indices.upperBound {
                attributes = attributes.merged(with: styles.rangeStylesMap[range.type] ?? TextAttributes())
                if let target = range.url {
                    url = target
                    attributes = attributes.merged(with: TextAttributes(color: styles.linksColor))
                }
                let shown = SpanAttachment(
                    image: range.fields["image"]?.stringValue, text: range.fields["text"]?.stringValue)
                if range.type == "shortcode", shown.image != nil || shown.text != nil {
                    attachment = (index, shown)
                }
            }
            if let attachment, !shownAttachments.insert(attachment.index).inserted { continue }
            let end = attachment.map { rendered.ranges[$0.index].indices.upperBound } ?? upper
            let text = String(decoding: utf16[lower..<max(upper, end)], as: UTF16.self)
            result.append(
                StyledSegment(text: text, attributes: attributes, url: url, attachment: attachment?.1))
        }
        return result
    }

    /// The UTF-16 ranges between pairs of double quotes (`"…"` or `“…”`), quotes included.
    static func quotedRanges(in utf16: [UInt16]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var open: Int?
        for (index, unit) in utf16.enumerated() {
            if let start = open, unit == 0x22 || unit == 0x201D {
                result.append(start..<(index + 1))
                open = nil
            } else if open == nil, unit == 0x22 || unit == 0x201C {
                open = index
            }
        }
        return result
    }
}
