/// Which positions of a text disjoint ranges already cover, answering "does this range
/// overlap one?" in O(log n) for ranges arriving in any order (a Fenwick tree of covered
/// positions).
///
/// Each position is marked at most once because the accepted ranges are disjoint, so n
/// positions cost O(n log n) to mark in all, where comparing each new range with every
/// accepted one was quadratic (160,000 one-character ranges blocked an open for 12 s).
struct CoveredPositions {
    private var tree: [Int32]

    /// Positions `0..<count`, none covered.
    init(count: Int) { tree = Array(repeating: 0, count: count + 1) }

    /// Whether any position of `range` is covered.
    func overlaps(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        return prefix(range.upperBound) - prefix(range.lowerBound) > 0
    }

    /// Marks every position of `range` covered; it must overlap no covered position.
    mutating func cover(_ range: Range<Int>) {
        for position in range {
            var index = position + 1
            while index < tree.count {
                tree[index] += 1
                index += index & -index
            }
        }
    }

    /// The number of covered positions before `end`.
    private func prefix(_ end: Int) -> Int32 {
        var sum: Int32 = 0
        var index = min(end, tree.count - 1)
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}
