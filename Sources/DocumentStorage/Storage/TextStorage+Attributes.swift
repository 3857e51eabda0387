import TextRope

extension TextStorage {
    /// Sets the syntax runs over `offset ..< offset + total length of runs`.
    ///
    /// Only the part whose values really change is reported in the next delta.
    /// - Complexity: O(log n + runs touched).
    public func setSyntaxRuns(_ runs: [AttributeRun<StyleID>], at offset: UTF8Offset) {
        let offset = offset.rawValue
        let total = runs.reduce(0) { $0 + $1.length }
        guard total > 0, offset >= 0, offset + total <= text.utf8Count else { return }
        let range = offset..<(offset + total)
        let old = syntaxLayer.runs(in: range)
        journal?.append(.syntax(offset: offset, old: old))
        if let changed = Self.changedRange(old: old, new: runs, at: offset) {
            dirtyRanges.append(Range(bytes: changed))
            syntaxLayer.set(runs, at: offset)
        }
    }

    /// Replaces every link inside `range` with `links` (which must lie inside it).
    ///
    /// A link with id 0 gets an id: the id of the same link at the same place if there was
    /// one, so unchanged links stay unchanged, else a new one.
    public func setLinks(_ links: [LinkSpan], replacingIn range: Range<UTF8Offset>) {
        let range = range.bytes
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.utf8Count else { return }
        let oldRuns = linkLayer.runs(in: range)
        let oldSpans = Self.spans(of: oldRuns, at: range.lowerBound)
        var runs: [AttributeRun<LinkAttribute?>] = []
        var position = range.lowerBound
        for span in links.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let lower = max(span.range.lowerBound.rawValue, position)
            let upper = min(span.range.upperBound.rawValue, range.upperBound)
            guard lower < upper else { continue }
            var link = span.link
            if link.id == 0 {
                let previous = oldSpans.first {
                    $0.range == Range(bytes: lower..<upper) && $0.link.target == link.target
                }
                link.id = previous?.link.id ?? makeLinkID()
            }
            runs.appendMerging(AttributeRun(length: lower - position, value: nil))
            runs.append(AttributeRun(length: upper - lower, value: link))
            position = upper
        }
        runs.appendMerging(AttributeRun(length: range.upperBound - position, value: nil))
        journal?.append(.links(offset: range.lowerBound, old: oldRuns))
        if let changed = Self.changedRange(old: oldRuns, new: runs, at: range.lowerBound) {
            dirtyRanges.append(Range(bytes: changed))
            linkLayer.set(runs, at: range.lowerBound)
        }
    }

    /// A fresh link id.
    public func makeLinkID() -> Int {
        defer { nextLinkID += 1 }
        return nextLinkID
    }

    /// The syntax runs over a UTF-8 range.
    public func syntaxRuns(in range: Range<UTF8Offset>) -> [AttributeRun<StyleID>] {
        syntaxLayer.runs(in: range.bytes)
    }

    /// The links overlapping a UTF-8 range, clipped to it.
    public func links(in range: Range<UTF8Offset>) -> [LinkSpan] {
        Self.spans(of: linkLayer.runs(in: range.bytes), at: range.lowerBound.rawValue)
    }

    /// The links described by link-layer runs starting at `offset`.
    static func spans(of runs: [AttributeRun<LinkAttribute?>], at offset: Int) -> [LinkSpan] {
        var result: [LinkSpan] = []
        var position = offset
        for run in runs {
            if let link = run.value {
                result.append(LinkSpan(range: Range(bytes: position..<(position + run.length)), link: link))
            }
            position += run.length
        }
        return result
    }

    /// The smallest range where `old` and `new` (both covering the same length from `offset`)
    /// differ, or nil if they are equal.
    static func changedRange<Value>(old: [AttributeRun<Value>], new: [AttributeRun<Value>], at offset: Int)
        -> Range<Int>?
    {
        let oldUnits = RunCursor(old)
        let newUnits = RunCursor(new)
        guard let first = RunCursor.firstDifference(oldUnits, newUnits) else { return nil }
        let last = RunCursor.firstDifference(oldUnits.reversed(), newUnits.reversed()) ?? 0
        let total = new.reduce(0) { $0 + $1.length }
        return (offset + first)..<(offset + max(first, total - last))
    }
}

/// Walks two run lists in step to find where their values first differ.
struct RunCursor<Value: Hashable & Sendable> {
    var runs: [AttributeRun<Value>]

    init(_ runs: [AttributeRun<Value>]) { self.runs = runs }

    func reversed() -> RunCursor { RunCursor(runs.reversed()) }

    /// The number of leading units on which both lists agree, or nil if they agree everywhere.
    static func firstDifference(_ a: RunCursor, _ b: RunCursor) -> Int? {
        var i = 0
        var j = 0
        var usedA = 0
        var usedB = 0
        var position = 0
        while i < a.runs.count && j < b.runs.count {
            if a.runs[i].value != b.runs[j].value { return position }
            let step = min(a.runs[i].length - usedA, b.runs[j].length - usedB)
            position += step
            usedA += step
            usedB += step
            if usedA == a.runs[i].length {
                i += 1
                usedA = 0
            }
            if usedB == b.runs[j].length {
                j += 1
                usedB = 0
            }
        }
        return (i < a.runs.count || j < b.runs.count) ? position : nil
    }
}
