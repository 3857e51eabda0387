import DocumentStorage
import TextRope

extension LineBreaker {
    /// The soft-wrap positions of one paragraph of `storage` (`paragraph` in the storage's
    /// UTF-8 offsets), keeping whole the unbreakable links its link layer holds there and the
    /// unbreakable spans (mentions, shortcodes...) of its span layer.
    /// Positions are UTF-16 offsets from the paragraph's start, like ``breaks(in:columns:unbreakable:)``.
    public func breaks(inParagraph paragraph: Range<UTF8Offset>, of storage: TextStorage, columns: Int)
        -> [Int]
    {
        let lower = max(paragraph.lowerBound, 0)
        let upper = min(max(paragraph.upperBound, lower), storage.text.utf8End)
        let text = storage.text.substring(lower..<upper)
        let ranges =
            storage.links(in: lower..<upper).filter(\.link.isUnbreakable).map(\.range)
            + storage.spans(in: lower..<upper).filter(\.attribute.isUnbreakable).map(\.range)
        let spans = ranges.sorted { $0.lowerBound < $1.lowerBound }.map { range in
            TextOffsets.utf16Offset(
                fromUTF8: range.lowerBound - lower, in: text)..<TextOffsets.utf16Offset(
                    fromUTF8: range.upperBound - lower, in: text)
        }
        return breaks(in: text, columns: columns, unbreakable: spans)
    }
}
