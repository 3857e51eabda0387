import DocumentStorage

/// Where two run lists over the same length differ, to write only that part.
enum RunDifference {
    /// The smallest offset range outside of which `old` and `new` (covering the same length)
    /// agree, or nil if they are equal.
    static func changedRange<Value>(old: [AttributeRun<Value>], new: [AttributeRun<Value>]) -> Range<Int>? {
        guard let first = commonPrefix(old, new) else { return nil }
        let total = new.reduce(0) { $0 + $1.length }
        let last = commonPrefix(old.reversed(), new.reversed()) ?? 0
        return first..<max(first, total - last)
    }

    /// The runs of `runs` (starting at offset 0) inside `range`.
    static func slice<Value>(_ runs: [AttributeRun<Value>], _ range: Range<Int>) -> [AttributeRun<Value>] {
        var result: [AttributeRun<Value>] = []
        result.reserveCapacity(min(runs.count, range.count))
        var position = 0
        for run in runs {
            let lower = max(position, range.lowerBound)
            let upper = min(position + run.length, range.upperBound)
            if lower < upper { result.append(AttributeRun(length: upper - lower, value: run.value)) }
            position += run.length
            if position >= range.upperBound { break }
        }
        return result
    }

    /// The number of leading units on which both lists agree, or nil if they agree everywhere.
    private static func commonPrefix<A: Collection, B: Collection, Value>(_ a: A, _ b: B) -> Int?
    where A.Element == AttributeRun<Value>, B.Element == AttributeRun<Value> {
        var left = a.makeIterator()
        var right = b.makeIterator()
        var x = left.next()
        var y = right.next()
        var usedX = 0
        var usedY = 0
        var position = 0
        while let runX = x, let runY = y {
            if runX.value != runY.value { return position }
            let step = min(runX.length - usedX, runY.length - usedY)
            position += step
            usedX += step
            usedY += step
            if usedX == runX.length {
                x = left.next()
                usedX = 0
            }
            if usedY == runY.length {
                y = right.next()
                usedY = 0
            }
        }
        return x != nil || y != nil ? position : nil
    }
}
