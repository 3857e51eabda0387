import TextRope

/// One attribute layer: runs of values over the whole text, kept in a rope.
///
/// Every unit of the text has exactly one value; `emptyValue` is what inserted text gets until
/// a hook sets it. Offsets are UTF-8 bytes of the storage's text.
public struct AttributeRuns<Value: Hashable & Sendable>: Sendable {
    var rope: Rope<RunChunk<Value>>
    /// The value of text nobody has set.
    public let emptyValue: Value

    /// A layer over `length` units, all `emptyValue`.
    public init(length: Int, emptyValue: Value) {
        self.emptyValue = emptyValue
        rope = Rope()
        if length > 0 {
            rope.replaceSubrange(
                0..<0, with: [RunChunk(runs: [AttributeRun(length: length, value: emptyValue)])])
        }
    }

    /// The total length covered.
    public var length: Int { rope.count }

    /// Mirrors a text edit: `range` is removed with its runs and `insertedLength` units of
    /// `emptyValue` take its place.
    /// - Complexity: O(log n + runs touched).
    public mutating func replace(_ range: Range<Int>, insertedLength: Int) {
        let inserted =
            insertedLength > 0
            ? [RunChunk(runs: [AttributeRun(length: insertedLength, value: emptyValue)])] : []
        rope.replaceSubrange(range, with: inserted)
    }

    /// Replaces the values over `range.lowerBound ..< range.lowerBound + total length` with
    /// `runs`.
    /// - Complexity: O(log n + runs touched).
    public mutating func set(_ runs: [AttributeRun<Value>], at offset: Int) {
        let total = runs.reduce(0) { $0 + $1.length }
        guard total > 0 else { return }
        rope.replaceSubrange(offset..<(offset + total), with: [RunChunk(runs: runs)])
    }

    /// Sets one value over `range`.
    public mutating func set(_ value: Value, in range: Range<Int>) {
        set([AttributeRun(length: range.count, value: value)], at: range.lowerBound)
    }

    /// The runs over `range`, clipped to it, adjacent equal values merged.
    /// - Complexity: O(log n + runs returned).
    public func runs(in range: Range<Int>) -> [AttributeRun<Value>] {
        var result: [AttributeRun<Value>] = []
        guard !range.isEmpty else { return result }
        // A line's runs, mostly: room for them at once, not grown a doubling at a time.
        result.reserveCapacity(min(range.count, 32))
        rope.forEachChunk(from: range.lowerBound) { chunk, start in
            var runStart = start
            for run in chunk.runs {
                let runEnd = runStart + run.length
                let lower = max(runStart, range.lowerBound)
                let upper = min(runEnd, range.upperBound)
                if lower < upper {
                    result.appendMerging(AttributeRun(length: upper - lower, value: run.value))
                }
                runStart = runEnd
                if runStart >= range.upperBound { return false }
            }
            return true
        }
        return result
    }

    /// The value at one offset.
    public func value(at offset: Int) -> Value {
        runs(in: offset..<(offset + 1)).first?.value ?? emptyValue
    }
}
