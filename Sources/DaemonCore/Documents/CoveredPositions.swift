/// Which stretches between given boundaries disjoint ranges already cover, answering "does
/// this range overlap one?" in O(log m) for ranges arriving in any order: a Fenwick tree over
/// the elementary intervals between consecutive boundaries (every range's ends are
/// boundaries, so a range covers whole intervals).
///
/// Each interval is marked at most once because the accepted ranges are disjoint, so m ranges
/// cost O(m log m) in all and memory in proportion to them, not to the text; comparing each
/// new range with every accepted one was quadratic (160,000 one-character ranges blocked an
/// open for 12 s).
struct CoveredPositions {
    /// The boundaries, sorted, each once.
    private let boundaries: [Int]
    /// Counts of covered intervals; interval `i` is `boundaries[i]..<boundaries[i + 1]`.
    private var tree: [Int32]

    /// Nothing covered; every range asked about later must start and end at one of `boundaries`.
    init(boundaries: [Int]) {
        self.boundaries = Array(Set(boundaries)).sorted()
        tree = Array(repeating: 0, count: self.boundaries.count + 1)
    }

    /// Whether any interval of `range` is covered.
    func overlaps(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        return prefix(interval(at: range.upperBound)) - prefix(interval(at: range.lowerBound)) > 0
    }

    /// Marks every interval of `range` covered; none of them may be covered already.
    mutating func cover(_ range: Range<Int>) {
        for position in interval(at: range.lowerBound)..<interval(at: range.upperBound) {
            var index = position + 1
            while index < tree.count {
                tree[index] += 1
                index += index & -index
            }
        }
    }

    /// The index of the interval that starts at `boundary`.
    private func interval(at boundary: Int) -> Int {
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] < boundary { low = middle + 1 } else { high = middle }
        }
        precondition(low < boundaries.count && boundaries[low] == boundary, "\(boundary) is not a boundary")
        return low
    }

    /// The number of covered intervals before interval `end`.
    private func prefix(_ end: Int) -> Int32 {
        var sum: Int32 = 0
        var index = end
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}
