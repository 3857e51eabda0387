/// A node of the rope's B-tree: a leaf holding one chunk, or an inner node holding children.
///
/// All leaves are at height 0 and every path from the root to a leaf has the same length.
/// Nodes are shared between rope values; a node is mutated in place only when uniquely
/// referenced, so rope values keep value semantics.
final class RopeNode<Chunk: RopeChunk> {
    /// 0 for a leaf; an inner node is one higher than its children.
    let height: Int
    /// The combined summary of everything below.
    var summary: Chunk.Summary
    /// The combined base count of everything below.
    var count: Int
    /// The leaf's content (meaningful only when `height == 0`).
    var chunk: Chunk?
    /// The children of an inner node, left to right.
    var children: [RopeNode]

    /// The most children an inner node holds.
    #if DEBUG
        static var maximumChildren: Int { 4 }
    #else
        static var maximumChildren: Int { 16 }
    #endif

    /// The least children an inner node should hold when it has siblings.
    static var minimumChildren: Int { maximumChildren / 2 }

    /// A leaf.
    init(leaf chunk: Chunk) {
        height = 0
        summary = chunk.summary
        count = chunk.count
        self.chunk = chunk
        children = []
    }

    /// An inner node over children of equal height.
    init(children: [RopeNode]) {
        precondition(!children.isEmpty, "an inner node needs children")
        height = children[0].height + 1
        self.children = children
        chunk = nil
        summary = .zero
        count = 0
        recomputeTotals()
    }

    /// Whether this is a leaf.
    var isLeaf: Bool { height == 0 }

    /// Recomputes `summary` and `count` from the chunk or the children.
    func recomputeTotals() {
        if let chunk {
            summary = chunk.summary
            count = chunk.count
            return
        }
        var total = Chunk.Summary.zero
        var totalCount = 0
        for child in children {
            total = total.combined(with: child.summary)
            totalCount += child.count
        }
        summary = total
        count = totalCount
    }

    /// A shallow copy, for copy-on-write.
    func copy() -> RopeNode {
        if let chunk { return RopeNode(leaf: chunk) }
        return RopeNode(children: children)
    }
}
