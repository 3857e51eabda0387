/// Finds the winning pattern of a rule's pattern list: the leftmost match, ties to the lower
/// index (Oniguruma's `OnigScanner` semantics).
///
/// The list may carry one extra pattern (a rule's `end`, possibly resolved per frame) placed
/// first or last, so a dynamic end never forces the static list to be rebuilt.
struct PatternScanner {
    /// The static patterns, in list order.
    var patterns: [Pattern]
    /// An extra pattern and whether it goes before the static ones.
    var extra: Pattern?
    var extraFirst: Bool

    /// The number of entries in the combined list.
    var count: Int { patterns.count + (extra == nil ? 0 : 1) }

    func pattern(at index: Int) -> Pattern {
        guard let extra else { return patterns[index] }
        if extraFirst { return index == 0 ? extra : patterns[index - 1] }
        return index == patterns.count ? extra : patterns[index]
    }

    /// The winning index in the combined list and its match, searching `subject[..<length]`.
    func scan(
        _ subject: UnsafeBufferPointer<UInt8>, length: Int, from position: Int, generation: Int,
        workspace: MatchWorkspace
    ) -> (index: Int, match: PatternMatch)? {
        var bestStart = Int.max
        var bestIndex = -1
        var bestMatch: PatternMatch?
        for index in 0..<count {
            let pattern = pattern(at: index)
            let start: Int
            var fresh = false
            if pattern.isCacheable,
                let cached = workspace.cache.lookup(pattern.uid, generation: generation, position: position)
            {
                guard let cachedStart = cached else { continue }
                start = cachedStart
            } else {
                let found = pattern.search(subject, length: length, from: position, workspace: workspace)
                let bounds = found ? workspace.currentBounds : (start: -1, end: -1)
                if pattern.isCacheable {
                    workspace.cache.store(
                        pattern.uid, generation: generation, searchedFrom: position,
                        start: found ? bounds.start : nil)
                }
                guard found else { continue }
                start = bounds.start
                fresh = true
            }
            guard start < bestStart else { continue }
            bestStart = start
            bestIndex = index
            bestMatch = fresh ? workspace.currentMatch(groups: pattern.captureCount + 1) : nil
            // Nothing can start earlier than the search position, and later entries lose ties.
            if start == position { break }
        }
        guard bestIndex >= 0 else { return nil }
        if let bestMatch { return (bestIndex, bestMatch) }
        // The winner came from the cache: search again from here to recover its groups; the
        // cache guarantees the same match.
        let winner = pattern(at: bestIndex)
        guard winner.search(subject, length: length, from: position, workspace: workspace) else {
            return nil
        }
        return (bestIndex, workspace.currentMatch(groups: winner.captureCount + 1))
    }
}
