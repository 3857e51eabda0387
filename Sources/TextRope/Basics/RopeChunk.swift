/// The content of one rope leaf: a bounded piece that can be measured, split and joined.
///
/// Every chunk has a *base* measure (`count`): UTF-8 bytes for text, units for attribute runs.
/// The rope slices and edits in that measure; other metrics are read from summaries. How
/// much a chunk may hold is the chunk's own business (bytes for text, runs for attributes).
public protocol RopeChunk: Sendable {
    /// What the rope keeps per node.
    associatedtype Summary: RopeSummary

    /// The chunk's size in the base measure.
    var count: Int { get }

    /// The summary of the whole chunk.
    var summary: Summary { get }

    /// Whether the chunk holds so little that it should be merged with a neighbour.
    var isUnderfull: Bool { get }

    /// The part before `offset` (in the base measure, at a valid boundary).
    func prefix(_ offset: Int) -> Self

    /// The part from `offset` on (in the base measure, at a valid boundary).
    func suffix(from offset: Int) -> Self

    /// Whether this chunk followed by `other` fits in one chunk.
    func fitsWhenMerged(with other: Self) -> Bool

    /// This chunk followed by `other`, as one chunk, possibly over its limits.
    func appending(_ other: Self) -> Self

    /// The chunk cut into pieces within the limits, none underfull where avoidable.
    func balancedPieces() -> [Self]

    /// Replaces `range` (base measure) with `replacement` in place, or returns false (changing
    /// nothing) if the result would leave the chunk's limits.
    ///
    /// This is the rope's fast path: most keystrokes edit one leaf in place and update the
    /// summaries on the path to the root, with no allocation. `isLastLeaf` tells whether the
    /// chunk ends the rope.
    mutating func replaceInPlace(_ range: Range<Int>, with replacement: Self?, isLastLeaf: Bool) -> Bool
}

extension RopeChunk {
    /// Default: no in-place editing; the rope rebuilds the path instead.
    public mutating func replaceInPlace(_ range: Range<Int>, with replacement: Self?, isLastLeaf: Bool)
        -> Bool
    {
        false
    }
}
