extension RopeNode {
    /// `left` followed by `right`, rebalancing along the seam.
    ///
    /// The result is `max(left.height, right.height)` high, or one more.
    /// - Complexity: O(|left.height − right.height| + 1) nodes touched.
    static func concatenate(_ left: RopeNode, _ right: RopeNode) -> RopeNode {
        if left.height == right.height {
            return joinSameHeight(left, right)
        }
        if left.height > right.height {
            let last = left.children[left.children.count - 1]
            let joined = concatenate(last, right)
            var children = left.children
            children.removeLast()
            if joined.height == left.height - 1 {
                children.append(joined)
            } else {
                children.append(contentsOf: joined.children)
            }
            return node(from: children)
        }
        let first = right.children[0]
        let joined = concatenate(left, first)
        var children = right.children
        children.removeFirst()
        if joined.height == right.height - 1 {
            children.insert(joined, at: 0)
        } else {
            children.insert(contentsOf: joined.children, at: 0)
        }
        return node(from: children)
    }

    /// Joins two nodes of one height: merges small ones, otherwise gives them a parent.
    private static func joinSameHeight(_ left: RopeNode, _ right: RopeNode) -> RopeNode {
        if left.isLeaf, let a = left.chunk, let b = right.chunk {
            if a.fitsWhenMerged(with: b) {
                return RopeNode(leaf: a.appending(b))
            }
            if a.isUnderfull || b.isUnderfull {
                // Redistribute so neither leaf stays undersized.
                let pieces = a.appending(b).balancedPieces().map { RopeNode(leaf: $0) }
                return node(from: pieces)
            }
            return RopeNode(children: [left, right])
        }
        let total = left.children.count + right.children.count
        if total <= maximumChildren {
            return RopeNode(children: left.children + right.children)
        }
        if left.children.count < minimumChildren || right.children.count < minimumChildren {
            return node(from: left.children + right.children)
        }
        return RopeNode(children: [left, right])
    }

    /// One node over `children` (all of one height), splitting into two under a parent if
    /// there are too many.
    static func node(from children: [RopeNode]) -> RopeNode {
        if children.count == 1 { return children[0] }
        if children.count <= maximumChildren { return RopeNode(children: children) }
        let half = children.count / 2
        return RopeNode(children: [
            RopeNode(children: Array(children[..<half])), RopeNode(children: Array(children[half...])),
        ])
    }
}

extension Rope {
    /// Appends `other` to this rope.
    /// - Complexity: O(log n).
    public mutating func append(_ other: Rope) {
        guard let right = other.root else { return }
        guard let left = root else {
            root = right
            return
        }
        root = RopeNode.concatenate(left, right)
    }

    /// This rope followed by `other`.
    public func appending(_ other: Rope) -> Rope {
        var result = self
        result.append(other)
        return result
    }
}
