/// The entries of one rule list that may still match in the current subject, per thread.
///
/// Once an entry is known to have no match from some position of a subject, it has none from
/// any later position either, so later scans of the same list on the same subject skip it
/// without even a cache lookup. The set is rebuilt whenever the subject (cache and
/// generation) changes. Entry order is preserved, which the tie rule needs.
final class LiveEntries {
    @exclusivity(unchecked) private(set) var cacheID: ObjectIdentifier?
    @exclusivity(unchecked) private(set) var generation = -1
    let indices: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) var count = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        indices = .allocate(capacity: max(capacity, 1))
    }

    deinit {
        indices.deallocate()
    }

    /// Makes the set current for a subject, restoring every entry if the subject changed.
    ///
    /// With a `line` profile, entries whose `requirements` the line fails are left out from
    /// the start (`LineRequirement`): the subject is that line or a prefix of it. `requirements`
    /// is empty, or holds one per entry.
    @inline(__always)
    func prepare(
        cache: SearchCache, generation: Int, requirements: UnsafeBufferPointer<LineRequirement>,
        line: LineProfile?
    ) {
        let id = ObjectIdentifier(cache)
        guard id != cacheID || generation != self.generation else { return }
        cacheID = id
        self.generation = generation
        guard let line, requirements.count == capacity else {
            for index in 0..<capacity { indices[index] = Int32(index) }
            count = capacity
            return
        }
        var kept = 0
        withUnsafeBytes(of: line.presence) { raw in
            let presence = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            for index in 0..<capacity where requirements[index].admits(presence) {
                indices[kept] = Int32(index)
                kept += 1
            }
        }
        count = kept
    }
}
