extension DetectedLink {
    /// The link's range in UTF-16 code units of `line`, the text it was detected in.
    public func utf16Range(in line: String) -> Range<Int> {
        let lower = TextOffsets.utf16Offset(fromUTF8: utf8Range.lowerBound, in: line)
        let upper = TextOffsets.utf16Offset(fromUTF8: utf8Range.upperBound, in: line)
        return lower..<upper
    }

    /// The link's text in `line`, the text it was detected in (clamped to `line`, so another
    /// string gives a wrong but safe answer).
    public func text(in line: String) -> Substring {
        let utf8 = line.utf8
        let lowerOffset = min(max(utf8Range.lowerBound, 0), utf8.count)
        let upperOffset = min(max(utf8Range.upperBound, lowerOffset), utf8.count)
        let lower = utf8.index(utf8.startIndex, offsetBy: lowerOffset)
        let upper = utf8.index(utf8.startIndex, offsetBy: upperOffset)
        return line[lower..<upper]
    }
}
