import TextRope

extension TextStorage {
    /// The whole lines holding `range`, terminators included: `NSString.paragraphRange(for:)`
    /// with `\n`, `\r\n` and `\r` as terminators. An empty range gives its line.
    /// - Complexity: O(log n + length of the lines).
    public func paragraphRange(for range: Range<UTF8Offset>) -> Range<UTF8Offset> {
        let start = text.startOfLine(containingUTF8: range.lowerBound)
        let last = range.isEmpty ? range.lowerBound : range.upperBound - 1
        let end = text.endOfLine(containingUTF8: last)
        return start..<max(start, end)
    }
}

extension TextStorage {
    /// The paragraphs a transaction changed: for each of its change regions, the whole lines
    /// the region touches and, when it ends in a line break, the line after (that line now
    /// starts elsewhere, so `x\nexample.com` gains a link there); merged where they overlap or
    /// touch, in order. What a hook that works line by line must redo.
    public func editedParagraphs(_ context: EditingContext) -> [Range<UTF8Offset>] {
        let length = text.utf8End
        var result: [Range<UTF8Offset>] = []
        for region in context.regions {
            let lower = min(region.range.lowerBound, length)
            let upper = min(max(region.range.upperBound, lower), length)
            let own = paragraphRange(for: lower..<upper)
            let following = paragraphRange(for: lower..<min(upper + 1, length))
            let paragraphs =
                min(own.lowerBound, following.lowerBound)..<max(own.upperBound, following.upperBound)
            if let last = result.last, paragraphs.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, paragraphs.upperBound)
            } else {
                result.append(paragraphs)
            }
        }
        return result
    }
}
