import TextRope

/// What the run rope keeps per node: total length and number of runs.
public struct RunSummary: RopeSummary, Hashable {
    /// Units covered.
    public var length: Int
    /// Runs stored (adjacent equal runs in different chunks count separately).
    public var runs: Int

    /// Creates a summary.
    public init(length: Int, runs: Int) {
        self.length = length
        self.runs = runs
    }

    public static let zero = RunSummary(length: 0, runs: 0)

    public func combined(with other: RunSummary) -> RunSummary {
        RunSummary(length: length + other.length, runs: runs + other.runs)
    }
}

/// A leaf of the run rope: a bounded number of runs, adjacent equal values merged.
public struct RunChunk<Value: Hashable & Sendable>: RopeChunk {
    /// The runs, in order; none empty.
    public private(set) var runs: [AttributeRun<Value>]
    /// Their total length.
    public private(set) var count: Int

    #if DEBUG
        static var maximumRuns: Int { 4 }
        static var minimumRuns: Int { 1 }
    #else
        static var maximumRuns: Int { 64 }
        static var minimumRuns: Int { 16 }
    #endif

    /// A chunk of the given runs.
    public init(runs: [AttributeRun<Value>]) {
        var merged: [AttributeRun<Value>] = []
        merged.reserveCapacity(runs.count)
        for run in runs { merged.appendMerging(run) }
        self.runs = merged
        count = merged.reduce(0) { $0 + $1.length }
    }

    public var summary: RunSummary { RunSummary(length: count, runs: runs.count) }

    public var isUnderfull: Bool { runs.count < Self.minimumRuns }

    public func prefix(_ offset: Int) -> RunChunk {
        var result: [AttributeRun<Value>] = []
        result.reserveCapacity(runCount(in: 0..<max(offset, 0)))
        appendRuns(in: 0..<max(offset, 0), to: &result)
        return RunChunk(mergedRuns: result)
    }

    public func suffix(from offset: Int) -> RunChunk {
        var result: [AttributeRun<Value>] = []
        result.reserveCapacity(runCount(in: offset..<Int.max))
        appendRuns(in: offset..<Int.max, to: &result)
        return RunChunk(mergedRuns: result)
    }

    public func fitsWhenMerged(with other: RunChunk) -> Bool {
        runs.count + other.runs.count <= Self.maximumRuns
    }

    public func appending(_ other: RunChunk) -> RunChunk {
        var joined = runs
        joined.reserveCapacity(runs.count + other.runs.count)
        for run in other.runs { joined.appendMerging(run) }
        return RunChunk(mergedRuns: joined)
    }

    public func balancedPieces() -> [RunChunk] {
        guard runs.count > Self.maximumRuns else { return [self] }
        let pieces = (runs.count + Self.maximumRuns - 1) / Self.maximumRuns
        let size = (runs.count + pieces - 1) / pieces
        return stride(from: 0, to: runs.count, by: size).map {
            RunChunk(runs: Array(runs[$0..<min($0 + size, runs.count)]))
        }
    }

    /// Splices the edit into the runs where they are: the runs before and after it are kept
    /// or moved as they are, not copied one by one, and only the two runs it cuts, the
    /// replacement and the neighbours it may merge with are built. Copying every run of the
    /// leaf through a merging append was about a third of pairing a line's brackets, in a
    /// replay of brace edits.
    public mutating func replaceInPlace(_ range: Range<Int>, with replacement: RunChunk?, isLastLeaf: Bool)
        -> Bool
    {
        if resizeRunInPlace(range, with: replacement) { return true }
        let lower = max(range.lowerBound, 0)
        let upper = max(range.upperBound, lower)
        let (first, firstStart) = run(containing: lower)
        let (last, lastStart) = run(containing: upper)
        // What is left of the first run cut before the edit, the replacement, and what is left
        // of the last run cut after it, merged as they meet.
        var middle: [AttributeRun<Value>] = []
        middle.reserveCapacity((replacement?.runs.count ?? 0) + 3)
        if first < runs.count {
            middle.appendMerging(AttributeRun(length: lower - firstStart, value: runs[first].value))
        }
        for run in replacement?.runs ?? [] { middle.appendMerging(run) }
        if last < runs.count {
            middle.appendMerging(
                AttributeRun(length: lastStart + runs[last].length - upper, value: runs[last].value))
        }
        // The runs replaced, widened to a neighbour with the value the middle meets it with.
        var start = first
        var end = min(last + 1, runs.count)
        if start > 0, middle.first.map({ $0.value == runs[start - 1].value }) ?? true {
            start -= 1
            middle.insert(runs[start], at: 0)
            if middle.count > 1, middle[1].value == middle[0].value {
                middle[0].length += middle.remove(at: 1).length
            }
        }
        if end < runs.count, let tail = middle.last, tail.value == runs[end].value {
            middle[middle.count - 1].length += runs[end].length
            end += 1
        }
        let newCount = runs.count - (end - start) + middle.count
        guard newCount > 0, newCount <= Self.maximumRuns else { return false }
        let removed = runs[start..<end].reduce(0) { $0 + $1.length }
        count += middle.reduce(0) { $0 + $1.length } - removed
        // Spliced in place as it was, a leaf kept whatever room it once had: the daemon held
        // 0.8 MB more after issue 29's soak of fifty documents.
        runs.replaceLeafSubrange(start..<end, with: middle, spare: Self.spareRuns, limit: Self.maximumRuns)
        return true
    }

    /// The most unused room a leaf's array keeps when an edit is spliced in place (in debug
    /// builds less, so that the tests' small chunks take both ways).
    #if DEBUG
        static var spareRuns: Int { 1 }
    #else
        static var spareRuns: Int { 4 }
    #endif
}

extension RunChunk {
    /// A chunk of runs already merged and none empty (what `appendMerging` builds).
    fileprivate init(mergedRuns: [AttributeRun<Value>]) {
        runs = mergedRuns
        count = mergedRuns.reduce(0) { $0 + $1.length }
    }

    /// The index of the run holding `offset` (the first that ends past it; `runs.count` at or
    /// past the chunk's end) and where that run starts.
    fileprivate func run(containing offset: Int) -> (index: Int, start: Int) {
        var start = 0
        for index in runs.indices {
            let end = start + runs[index].length
            if offset < end { return (index, start) }
            start = end
        }
        return (runs.count, start)
    }

    /// How many of this chunk's runs overlap `range` (offsets within the chunk): the room to
    /// reserve for them, exactly, since the chunks made from them are kept.
    fileprivate func runCount(in range: Range<Int>) -> Int {
        var start = 0
        var count = 0
        for run in runs {
            guard start < range.upperBound else { break }
            let end = start + run.length
            if end > range.lowerBound { count += 1 }
            start = end
        }
        return count
    }

    /// Appends the parts of this chunk's runs that lie in `range` (offsets within the chunk),
    /// merging each with what `result` ends with.
    fileprivate func appendRuns(in range: Range<Int>, to result: inout [AttributeRun<Value>]) {
        var start = 0
        for run in runs {
            guard start < range.upperBound else { return }
            let end = start + run.length
            if end > range.lowerBound {
                result.appendMerging(
                    AttributeRun(
                        length: min(end, range.upperBound) - max(start, range.lowerBound), value: run.value))
            }
            start = end
        }
    }
}

extension RunChunk {
    /// The common keystroke: the edit lies inside one run and inserts nothing or the same
    /// value, so only that run's length changes and nothing is allocated.
    fileprivate mutating func resizeRunInPlace(_ range: Range<Int>, with replacement: RunChunk?) -> Bool {
        let inserted = replacement?.runs ?? []
        guard inserted.count <= 1 else { return false }
        var runStart = 0
        for index in runs.indices {
            let runEnd = runStart + runs[index].length
            if range.lowerBound < runEnd || (range.lowerBound == runEnd && index == runs.count - 1) {
                guard range.upperBound <= runEnd else { return false }
                if let run = inserted.first, run.value != runs[index].value { return false }
                let newLength = runs[index].length - range.count + (inserted.first?.length ?? 0)
                guard newLength > 0 else { return false }
                runs[index].length = newLength
                count += newLength - (runEnd - runStart)
                return true
            }
            runStart = runEnd
        }
        return false
    }
}
