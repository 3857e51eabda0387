extension Rope {
    /// Edits the single leaf holding `range` in place, if it is uniquely referenced (with its
    /// path) and the chunk accepts the edit.
    mutating func replaceInPlace(_ range: Range<Int>, with replacement: Chunk?) -> Bool {
        guard root != nil, isKnownUniquelyReferenced(&root!) else { return false }
        return Self.replaceInPlace(in: root!, range, with: replacement, isLastLeaf: true)
    }

    private static func replaceInPlace(
        in node: RopeNode<Chunk>, _ range: Range<Int>, with replacement: Chunk?, isLastLeaf: Bool
    ) -> Bool {
        if node.isLeaf {
            guard var chunk = node.chunk else { return false }
            node.chunk = nil  // drop the node's reference so the chunk's storage is unique
            let edited = chunk.replaceInPlace(range, with: replacement, isLastLeaf: isLastLeaf)
            node.chunk = chunk
            guard edited else { return false }
            node.recomputeTotals()
            return true
        }
        var start = 0
        for index in node.children.indices {
            let childCount = node.children[index].count
            let end = start + childCount
            // Prefer the left leaf at a seam, so typing at a leaf's end stays in that leaf.
            if range.lowerBound <= end {
                guard range.upperBound <= end else { return false }
                guard isKnownUniquelyReferenced(&node.children[index]) else { return false }
                let last = isLastLeaf && index == node.children.count - 1
                let shifted = (range.lowerBound - start)..<(range.upperBound - start)
                guard replaceInPlace(in: node.children[index], shifted, with: replacement, isLastLeaf: last)
                else { return false }
                node.recomputeTotals()
                return true
            }
            start = end
        }
        return false
    }
}
