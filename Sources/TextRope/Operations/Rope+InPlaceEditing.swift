extension Rope {
    /// Edits the single leaf holding `range` in place, if it is uniquely referenced (with its
    /// path) and the chunk accepts the edit.
    mutating func replaceInPlace(_ range: Range<Int>, with replacement: Chunk?) -> Bool {
        editLeafInPlace(range) { chunk, local, isLastLeaf in
            chunk.replaceInPlace(local, with: replacement, isLastLeaf: isLastLeaf)
        }
    }

    /// Lets `edit` change the one leaf holding `range` (given in leaf-local offsets), when that
    /// leaf and its path are uniquely referenced; summaries on the path are then recomputed.
    ///
    /// `edit` returns false, having changed nothing, to refuse; so does this method when the
    /// range spans leaves or nodes are shared. Callers fall back to `replaceSubrange`.
    /// - Complexity: O(log n) plus the edit.
    public mutating func editLeafInPlace(
        _ range: Range<Int>, _ edit: (inout Chunk, Range<Int>, _ isLastLeaf: Bool) -> Bool
    ) -> Bool {
        guard root != nil, isKnownUniquelyReferenced(&root!) else { return false }
        return Self.editLeafInPlace(in: root!, range, isLastLeaf: true, edit)
    }

    private static func editLeafInPlace(
        in node: RopeNode<Chunk>, _ range: Range<Int>, isLastLeaf: Bool,
        _ edit: (inout Chunk, Range<Int>, Bool) -> Bool
    ) -> Bool {
        if node.isLeaf {
            guard var chunk = node.chunk else { return false }
            node.chunk = nil  // drop the node's reference so the chunk's storage is unique
            let edited = edit(&chunk, range, isLastLeaf)
            node.chunk = chunk
            guard edited else { return false }
            node.recomputeTotals()
            return true
        }
        var start = 0
        for index in node.children.indices {
            let end = start + node.children[index].count
            // An insertion at a seam goes to the left leaf, so typing at a leaf's end stays in
            // that leaf; a non-empty range starting at the seam belongs to the right one.
            if range.lowerBound < end || (range.lowerBound == end && range.isEmpty) {
                guard range.upperBound <= end else { return false }
                guard isKnownUniquelyReferenced(&node.children[index]) else { return false }
                let last = isLastLeaf && index == node.children.count - 1
                let local = (range.lowerBound - start)..<(range.upperBound - start)
                guard editLeafInPlace(in: node.children[index], local, isLastLeaf: last, edit) else {
                    return false
                }
                node.recomputeTotals()
                return true
            }
            start = end
        }
        return false
    }
}
