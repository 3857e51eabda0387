import TextRope

extension TextStorage {
    /// The whole lines holding `range`, terminators included: `NSString.paragraphRange(for:)`
    /// with `\n`, `\r\n` and `\r` as terminators. An empty range gives its line.
    /// - Complexity: O(log n + length of the lines).
    public func paragraphRange(for range: Range<Int>) -> Range<Int> {
        let start = text.startOfLine(containingUTF8: range.lowerBound)
        let last = range.isEmpty ? range.lowerBound : range.upperBound - 1
        let end = text.endOfLine(containingUTF8: last)
        return start..<max(start, end)
    }
}
