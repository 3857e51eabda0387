/// A leaf found by seeking: its chunk, where it starts, and the summary of everything before.
public struct RopeLeafPosition<Chunk: RopeChunk> {
    /// The leaf's content.
    public let chunk: Chunk
    /// The base offset where the leaf starts.
    public let start: Int
    /// The combined summary of all content before the leaf.
    public let prefix: Chunk.Summary
}

extension Rope {
    /// The first leaf at whose end the running summary satisfies `reached`, or the last leaf.
    ///
    /// `reached` must be monotone along the rope (false, …, false, true, …): for example
    /// `{ $0.utf16 >= k }` finds the leaf holding UTF-16 offset `k`, preferring the leaf that
    /// ends at `k` over the one that starts there.
    /// - Complexity: O(log n).
    public func seekLeaf(where reached: (Chunk.Summary) -> Bool) -> RopeLeafPosition<Chunk>? {
        guard var node = root else { return nil }
        var prefix = Chunk.Summary.zero
        var start = 0
        while !node.isLeaf {
            var next = node.children[node.children.count - 1]
            for (index, child) in node.children.enumerated() {
                let candidate = prefix.combined(with: child.summary)
                if reached(candidate) || index == node.children.count - 1 {
                    next = child
                    break
                }
                prefix = candidate
                start += child.count
            }
            node = next
        }
        guard let chunk = node.chunk else { return nil }
        return RopeLeafPosition(chunk: chunk, start: start, prefix: prefix)
    }

    /// Calls `body` with each chunk that overlaps base offsets from `offset` on, in order, with
    /// the chunk's start; stops when `body` returns false.
    /// - Complexity: O(log n + chunks visited).
    public func forEachChunk(from offset: Int = 0, _ body: (Chunk, Int) -> Bool) {
        guard let root else { return }
        _ = Self.visit(root, start: 0, from: offset, body)
    }

    private static func visit(
        _ node: RopeNode<Chunk>, start: Int, from offset: Int, _ body: (Chunk, Int) -> Bool
    ) -> Bool {
        if let chunk = node.chunk {
            return body(chunk, start)
        }
        var childStart = start
        for child in node.children {
            let childEnd = childStart + child.count
            if childEnd > offset {
                if !visit(child, start: childStart, from: offset, body) { return false }
            }
            childStart = childEnd
        }
        return true
    }

    /// All chunks in order.
    public var chunks: [Chunk] {
        var result: [Chunk] = []
        forEachChunk { chunk, _ in
            result.append(chunk)
            return true
        }
        return result
    }
}
