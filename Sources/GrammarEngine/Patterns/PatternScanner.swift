/// Finds the winning pattern of a rule's pattern list: the leftmost match, ties to the lower
/// index (Oniguruma's `OnigScanner` semantics).
///
/// The list is a sequence of entries, each a single pattern or a combined alternation that
/// covers consecutive list indices. One extra pattern (a rule's `end`, possibly resolved per
/// frame) may go first or last, so a dynamic end never forces the list to be rebuilt.
struct PatternScanner {
    /// One search unit: a pattern and the list index of its first alternative.
    struct Entry: Sendable {
        var pattern: Pattern
        var firstIndex: Int
    }

    /// The entries, in list order.
    var entries: [Entry]
    /// An extra pattern and whether it goes before the entries.
    var extra: Pattern?
    var extraFirst = false

    /// The winner: its list index (nil for the extra pattern) and its match.
    typealias Winner = (index: Int?, match: PatternMatch)

    private var count: Int { entries.count + (extra == nil ? 0 : 1) }

    // The entry at a position in search order; firstIndex -1 marks the extra pattern.
    private func entry(at position: Int) -> Entry {
        guard let extra else { return entries[position] }
        if extraFirst {
            return position == 0 ? Entry(pattern: extra, firstIndex: -1) : entries[position - 1]
        }
        return position == entries.count ? Entry(pattern: extra, firstIndex: -1) : entries[position]
    }

    /// Searches `subject[..<length]` from `position`.
    func scan(
        _ subject: UnsafeBufferPointer<UInt8>, length: Int, from position: Int, generation: Int,
        workspace: MatchWorkspace
    ) -> Winner? {
        var bestStart = Int.max
        var bestPosition = -1
        var best: Winner?
        let cache = workspace.cache
        for searchPosition in 0..<count {
            let candidate = entry(at: searchPosition)
            let pattern = candidate.pattern
            let start: Int
            var fresh = false
            if pattern.isCacheable,
                let cached = cache.lookup(pattern.uid, generation: generation, position: position)
            {
                guard let cachedStart = cached else { continue }
                start = cachedStart
            } else {
                let found =
                    (!workspace.usesPrefilter
                        || pattern.prefilter.mayMatch(from: position, in: workspace.lineProfile))
                    && pattern.search(subject, length: length, from: position, workspace: workspace)
                let bounds = found ? workspace.currentBounds : (start: -1, end: -1)
                if pattern.isCacheable {
                    cache.store(
                        pattern.uid, generation: generation, searchedFrom: position,
                        start: found ? bounds.start : nil)
                }
                guard found else { continue }
                start = bounds.start
                fresh = true
            }
            guard start < bestStart else { continue }
            bestStart = start
            bestPosition = searchPosition
            best = fresh ? Self.winner(candidate, workspace) : nil
            // Nothing can start earlier than the search position, and later entries lose ties.
            if start == position { break }
        }
        guard bestPosition >= 0 else { return nil }
        if let best { return best }
        // The winner came from the cache: search again from here to recover its groups; the
        // cache guarantees the same match.
        let winner = entry(at: bestPosition)
        guard winner.pattern.search(subject, length: length, from: position, workspace: workspace) else {
            return nil
        }
        return Self.winner(winner, workspace)
    }

    private static func winner(_ entry: Entry, _ workspace: MatchWorkspace) -> Winner {
        let pattern = entry.pattern
        guard let counts = pattern.alternativeCaptureCounts else {
            let match = workspace.currentMatch(groups: pattern.captureCount + 1)
            return (entry.firstIndex < 0 ? nil : entry.firstIndex, match)
        }
        let alternative = min(pattern.matchedAlternative(workspace), counts.count - 1)
        // Only the alternative's own groups: `$N` past them must stay literal, as in vscode.
        let match = workspace.currentMatch(groups: counts[alternative] + 1)
        return (entry.firstIndex + alternative, match)
    }
}
