extension RopeNode {
    /// The content before `offset` (base measure), or nil if empty.
    /// - Complexity: O(log n).
    func prefix(_ offset: Int) -> RopeNode? {
        if offset <= 0 { return nil }
        if offset >= count { return self }
        if let chunk {
            return RopeNode(leaf: chunk.prefix(offset))
        }
        var consumed = 0
        for (index, child) in children.enumerated() {
            if offset <= consumed + child.count {
                let whole = index > 0 ? RopeNode.node(from: Array(children[..<index])) : nil
                let partial = child.prefix(offset - consumed)
                switch (whole, partial) {
                case (let whole?, let partial?): return RopeNode.concatenate(whole, partial)
                case (let whole?, nil): return whole
                case (nil, let partial): return partial
                }
            }
            consumed += child.count
        }
        return self
    }

    /// The content from `offset` on (base measure), or nil if empty.
    /// - Complexity: O(log n).
    func suffix(from offset: Int) -> RopeNode? {
        if offset <= 0 { return self }
        if offset >= count { return nil }
        if let chunk {
            return RopeNode(leaf: chunk.suffix(from: offset))
        }
        var consumed = 0
        for (index, child) in children.enumerated() {
            if offset < consumed + child.count {
                let partial = child.suffix(from: offset - consumed)
                let whole =
                    index + 1 < children.count ? RopeNode.node(from: Array(children[(index + 1)...])) : nil
                switch (partial, whole) {
                case (let partial?, let whole?): return RopeNode.concatenate(partial, whole)
                case (let partial?, nil): return partial
                case (nil, let whole): return whole
                }
            }
            consumed += child.count
        }
        return nil
    }
}

extension Rope {
    /// The rope's content in `range` (base measure), as a rope sharing nodes with this one.
    /// - Complexity: O(log n).
    public func extracting(_ range: Range<Int>) -> Rope {
        var result = Rope()
        result.root = root?.prefix(range.upperBound)?.suffix(from: range.lowerBound)
        return result
    }

    /// Replaces the content in `range` (base measure) with `chunks`.
    ///
    /// Tries an in-place edit of a single uniquely referenced leaf first; otherwise splits the
    /// tree around the range and concatenates the pieces.
    /// - Complexity: O(log n + size of the new chunks).
    public mutating func replaceSubrange(_ range: Range<Int>, with chunks: [Chunk]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the rope")
        if chunks.count <= 1, replaceInPlace(range, with: chunks.first) { return }
        let left = root?.prefix(range.lowerBound)
        let right = root?.suffix(from: range.upperBound)
        var middle = Rope(chunks: chunks.flatMap { $0.balancedPieces() })
        var result = Rope()
        result.root = left
        result.append(middle)
        middle = Rope()
        var tail = Rope()
        tail.root = right
        result.append(tail)
        self = result
    }
}
