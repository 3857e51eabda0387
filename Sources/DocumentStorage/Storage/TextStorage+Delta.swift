import TextRope

extension TextStorage {
    /// The attribute changes not reported yet (from writes outside a transaction, such as a
    /// background re-highlight slice), or nil if there are none.
    public func takeAttributeChanges() -> AttributeDelta? {
        guard !dirtyRanges.isEmpty else { return nil }
        return takeDelta(covering: [])
    }

    /// Builds the delta over the dirty ranges (and the `edited` regions), and clears them.
    func takeDelta(covering edited: [Range<UTF8Offset>]) -> AttributeDelta {
        var ranges = dirtyRanges
        dirtyRanges.removeAll(keepingCapacity: true)
        ranges += edited
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<UTF8Offset>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        let changes = merged.map { range in
            AttributeChange(
                range: range, syntaxRuns: syntaxLayer.runs(in: range.bytes), links: links(in: range),
                spans: spans(in: range), brackets: brackets(in: range))
        }
        return AttributeDelta(changes: changes)
    }
}
