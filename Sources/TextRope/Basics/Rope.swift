/// A B-tree rope over chunks, with a summary per node.
///
/// Edits, slicing and seeking by any metric the summary carries are O(log n) plus the size of
/// the chunks touched. Text is `Rope<TextChunk>`; attribute runs are `Rope<RunChunk<Value>>`.
public struct Rope<Chunk: RopeChunk> {
    var root: RopeNode<Chunk>?

    /// An empty rope.
    public init() { root = nil }

    /// A rope holding the given chunks in order (each at most `maximumCount`).
    init(chunks: [Chunk]) {
        root = nil
        let nonEmpty = chunks.filter { $0.count > 0 }
        guard !nonEmpty.isEmpty else { return }
        var level = nonEmpty.map { RopeNode(leaf: $0) }
        root = Self.buildBalanced(&level)
    }

    /// The combined summary of the whole rope.
    public var summary: Chunk.Summary { root?.summary ?? .zero }

    /// The rope's size in the base measure.
    public var count: Int { root?.count ?? 0 }

    /// Whether the rope holds nothing.
    public var isEmpty: Bool { count == 0 }

    /// The height of the tree (0 for a single leaf), for tests and diagnostics.
    public var height: Int { root?.height ?? 0 }

    /// Builds a tree bottom-up over nodes of one height.
    static func buildBalanced(_ level: inout [RopeNode<Chunk>]) -> RopeNode<Chunk> {
        let fanout = RopeNode<Chunk>.maximumChildren
        while level.count > 1 {
            var next: [RopeNode<Chunk>] = []
            next.reserveCapacity(level.count / fanout + 1)
            var start = 0
            while start < level.count {
                var end = min(start + fanout, level.count)
                // Keep the last group from being undersized.
                let remaining = level.count - end
                if remaining > 0 && remaining < RopeNode<Chunk>.minimumChildren {
                    end = start + (level.count - start + 1) / 2
                }
                next.append(RopeNode(children: Array(level[start..<end])))
                start = end
            }
            level = next
        }
        return level[0]
    }
}

// Nodes are shared between rope values but only mutated when uniquely referenced (checked with
// `isKnownUniquelyReferenced` on the whole path), the same discipline as Array's copy-on-write.
extension Rope: @unchecked Sendable where Chunk: Sendable {}
