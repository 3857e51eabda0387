extension Array {
    /// Replaces `range` with `newElements` the way a rope leaf's array should be edited: the
    /// result keeps at most `spare` elements of unused room (as requested; the allocator may
    /// round a request up), and no more room in all than `limit` elements or its elements.
    ///
    /// Leaves live as long as their document. `replaceSubrange` doubles an array that has to
    /// grow, and an array that shrinks keeps its room, so a leaf edited in place kept whatever
    /// room it once had (issue 29's soak: 1.1 MB of line-state leaves where their entries needed
    /// about half). The array is spliced in place only while its room stays within `spare`
    /// (a shared array is then copied with exactly its elements' room); otherwise it is built
    /// again with `spare` elements of room, so that the next few insertions splice in place.
    @inlinable
    public mutating func replaceLeafSubrange(
        _ range: Range<Int>, with newElements: some Collection<Element>, spare: Int, limit: Int
    ) {
        let newCount = count - range.count + newElements.count
        if newCount <= capacity, capacity - newCount <= spare {
            replaceSubrange(range, with: newElements)
            return
        }
        var edited: [Element] = []
        edited.reserveCapacity(Swift.max(newCount, Swift.min(newCount + spare, limit)))
        edited.append(contentsOf: self[..<range.lowerBound])
        edited.append(contentsOf: newElements)
        edited.append(contentsOf: self[range.upperBound...])
        self = edited
    }
}
