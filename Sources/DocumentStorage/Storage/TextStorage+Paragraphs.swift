import TextRope

extension TextStorage {
    /// The whole lines holding `range`, terminators included: `NSString.paragraphRange(for:)`
    /// with `\n`, `\r\n` and `\r` as terminators. An empty range gives its line.
    /// - Complexity: O(log n).
    public func paragraphRange(for range: Range<Int>) -> Range<Int> {
        let firstLine = text.lineIndex(containingUTF8: range.lowerBound)
        let lastOffset = range.isEmpty ? range.lowerBound : range.upperBound - 1
        let lastLine = text.lineIndex(containingUTF8: lastOffset)
        let start = (try? text.lineStart(firstLine)) ?? 0
        let end = (try? text.lineBounds(lastLine).end) ?? text.utf8Count
        return start..<max(start, end)
    }
}
