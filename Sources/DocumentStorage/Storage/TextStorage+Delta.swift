import TextRope

extension TextStorage {
    /// The attribute changes not reported yet (from writes outside a transaction, such as a
    /// background re-highlight slice), or nil if there are none.
    public func takeAttributeChanges() -> AttributeDelta? {
        if !heldDirtyRanges.isEmpty || !heldBracketRanges.isEmpty {
            dirtyRanges += heldDirtyRanges
            bracketDirtyRanges += heldBracketRanges
            heldDirtyRanges.removeAll(keepingCapacity: true)
            heldBracketRanges.removeAll(keepingCapacity: true)
        }
        guard !dirtyRanges.isEmpty || !bracketDirtyRanges.isEmpty else { return nil }
        let delta = takeDelta(covering: [])
        return delta.isEmpty ? nil : delta
    }

    /// Sets the changes not taken yet aside, so that the next transaction's delta holds only
    /// what its own edits and hooks changed; the next `takeAttributeChanges()` returns them
    /// (mapped through the edits, with the attributes as they are then) together with
    /// whatever changed since. The daemon holds a document's background changes while a
    /// keystroke's own push goes out first.
    public func holdAttributeChanges() {
        heldDirtyRanges += dirtyRanges
        heldBracketRanges += bracketDirtyRanges
        dirtyRanges.removeAll(keepingCapacity: true)
        bracketDirtyRanges.removeAll(keepingCapacity: true)
    }

    /// The bracket mark changes held back outside `bracketReportLines` that those lines now
    /// reach (each with every layer over its range, as any change), or nil if there are none.
    public func takeDeferredBracketChanges() -> AttributeDelta? {
        guard !deferredBracketRanges.isEmpty else { return nil }
        let window = bracketReportRanges()
        var reached: [Range<UTF8Offset>] = []
        deferredBracketRanges.removeAll { range in
            guard Self.touches(range, window) else { return false }
            reached.append(range)
            return true
        }
        guard !reached.isEmpty else { return nil }
        return AttributeDelta(changes: changes(over: reached))
    }

    /// The byte ranges of `bracketReportLines` (nil: everything).
    private func bracketReportRanges() -> [Range<UTF8Offset>]? {
        guard let lines = bracketReportLines else { return nil }
        let last = text.lineCount
        return lines.compactMap { range in
            let lower = min(max(0, range.lowerBound.rawValue), last)
            let upper = min(max(lower, range.upperBound.rawValue), last)
            guard lower < upper, let start = try? text.lineStart(LineIndex(lower)) else { return nil }
            let end = upper >= last ? text.utf8End : ((try? text.lineStart(LineIndex(upper))) ?? text.utf8End)
            return start..<end
        }
    }

    /// Whether `range` touches one of `window`'s ranges (nil: the whole text).
    private static func touches(_ range: Range<UTF8Offset>, _ window: [Range<UTF8Offset>]?) -> Bool {
        guard let window else { return true }
        return window.contains { $0.lowerBound <= range.upperBound && range.lowerBound <= $0.upperBound }
    }

    /// Builds the delta over the dirty ranges (and the `edited` regions), and clears them.
    /// Bracket mark changes outside `bracketReportLines` are held back: an unmatched bracket
    /// renests every bracket after it, which a view shows only where it looks.
    func takeDelta(covering edited: [Range<UTF8Offset>]) -> AttributeDelta {
        var ranges = dirtyRanges
        dirtyRanges.removeAll(keepingCapacity: true)
        ranges += edited
        if !bracketDirtyRanges.isEmpty {
            let window = bracketReportRanges()
            for range in bracketDirtyRanges {
                if Self.touches(range, window) {
                    ranges.append(range)
                } else {
                    deferredBracketRanges.append(range)
                }
            }
            bracketDirtyRanges.removeAll(keepingCapacity: true)
        }
        return AttributeDelta(changes: changes(over: ranges))
    }

    /// One change per run of overlapping or touching `ranges`, with every layer over it.
    private func changes(over ranges: [Range<UTF8Offset>]) -> [AttributeChange] {
        var ranges = ranges
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<UTF8Offset>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged.map { range in
            AttributeChange(
                range: range, syntaxRuns: syntaxLayer.runs(in: range.bytes), links: links(in: range),
                spans: spans(in: range), brackets: brackets(in: range))
        }
    }
}
