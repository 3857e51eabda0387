import TextRope

extension TextStorage {
    /// Replaces every bracket inside `range` with `brackets` (in order, disjoint, inside it).
    ///
    /// Only the part that really changes is reported in the next delta, so re-marking a line
    /// whose depths stayed the same costs the client nothing.
    public func setBrackets(_ brackets: [BracketSpan], replacingIn range: Range<UTF8Offset>) {
        let range = range.bytes
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.utf8Count else { return }
        var runs: [AttributeRun<BracketMark?>] = []
        var position = range.lowerBound
        for bracket in brackets {
            let lower = max(bracket.range.lowerBound.rawValue, position)
            let upper = min(bracket.range.upperBound.rawValue, range.upperBound)
            guard lower < upper else { continue }
            runs.appendMerging(AttributeRun(length: lower - position, value: nil))
            runs.appendMerging(AttributeRun(length: upper - lower, value: bracket.mark))
            position = upper
        }
        runs.appendMerging(AttributeRun(length: range.upperBound - position, value: nil))
        let old = bracketLayer.runs(in: range)
        journal?.append(.brackets(offset: range.lowerBound, old: old))
        if let changed = Self.changedRange(old: old, new: runs, at: range.lowerBound) {
            bracketDirtyRanges.append(Range(bytes: changed))
            bracketLayer.set(runs, at: range.lowerBound)
        }
    }

    /// The brackets overlapping a UTF-8 range, clipped to it.
    public func brackets(in range: Range<UTF8Offset>) -> [BracketSpan] {
        var result: [BracketSpan] = []
        var position = range.lowerBound.rawValue
        for run in bracketLayer.runs(in: range.bytes) {
            if let mark = run.value {
                result.append(
                    BracketSpan(range: Range(bytes: position..<(position + run.length)), mark: mark))
            }
            position += run.length
        }
        return result
    }
}
