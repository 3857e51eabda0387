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

    /// What the scan loop reads per entry, without reference counting: the loop visits every
    /// entry of a list for every token, and retain/release there dominated the profile. The
    /// pattern is unowned; its owner is whoever owns the slot (a `CompiledRuleList`, or the
    /// caller of the scan for a single or extra pattern).
    struct Slot: @unchecked Sendable {
        let pattern: Unowned<Pattern>
        let firstIndex: Int
        let uid: Int
        let isCacheable: Bool
        let prefilter: UnsafePointer<SearchPrefilter>

        /// A slot for an entry whose pattern the caller keeps alive.
        init(_ entry: Entry) {
            self.init(Unowned(entry.pattern), firstIndex: entry.firstIndex)
        }

        /// A slot for a pattern that its owner keeps alive.
        init(_ pattern: Unowned<Pattern>, firstIndex: Int) {
            self.pattern = pattern
            self.firstIndex = firstIndex
            (uid, isCacheable, prefilter) = pattern.read {
                ($0.uid, $0.isCacheable, UnsafePointer($0.prefilter))
            }
        }
    }

    /// The entries' slots, in list order; their owner (the compiled list) outlives the scan.
    private let slots: UnsafeBufferPointer<Slot>
    /// What each entry needs of a line (empty when nothing is ruled out), owned as `slots`.
    private let requirements: UnsafeBufferPointer<LineRequirement>
    /// The one pattern of a single-pattern scanner, in place of `slots`.
    private let single: Slot?
    /// An extra pattern (a rule's end) and whether it goes before the entries; whoever sets
    /// it keeps its pattern alive while the scanner scans.
    var extra: Slot?
    var extraFirst = false

    /// The winner: its list index (nil for the extra pattern) and its match.
    typealias Winner = (index: Int?, match: PatternMatch)

    // The list's uid for its live-entry set; nil for a single pattern.
    private let listUID: Int?

    /// A scanner over a compiled list that the caller keeps alive while it scans: the
    /// scanner holds no references, since retaining and releasing the list and its slots
    /// around every scan step showed in the profile.
    init(list: Unowned<CompiledRuleList>) {
        (slots, requirements, listUID) = list.read {
            (UnsafeBufferPointer($0.slotBuffer), UnsafeBufferPointer($0.requirementBuffer), $0.uid)
        }
        single = nil
    }

    /// A scanner over one pattern that the caller keeps alive while it scans.
    init(single pattern: Unowned<Pattern>) {
        slots = UnsafeBufferPointer(start: nil, count: 0)
        requirements = UnsafeBufferPointer(start: nil, count: 0)
        single = Slot(pattern, firstIndex: 0)
        listUID = nil
    }

    /// Searches `subject[..<length]` from `position`.
    func scan(
        _ subject: UnsafeBufferPointer<UInt8>, length: Int, from position: Int, generation: Int,
        workspace: MatchWorkspace
    ) -> Winner? {
        guard let single else {
            return scan(slots, extra, subject, length, position, generation, workspace)
        }
        return withUnsafePointer(to: single) { pointer in
            scan(
                UnsafeBufferPointer(start: pointer, count: 1), extra, subject, length, position, generation,
                workspace)
        }
    }

    private func scan(
        _ buffer: UnsafeBufferPointer<Slot>, _ extraSlot: Slot?, _ subject: UnsafeBufferPointer<UInt8>,
        _ length: Int, _ position: Int, _ generation: Int, _ workspace: MatchWorkspace
    ) -> Winner? {
        // Read without taking references (the workspace owns both): a local reference to each
        // cost a retain and a release on every scan step.
        Unowned(workspace.scan.cache).read { cache in
            Unowned(workspace.scan.lineProfile).read { profile in
                scan(buffer, extraSlot, subject, length, position, generation, workspace, cache, profile)
            }
        }
    }

    private func scan(
        _ buffer: UnsafeBufferPointer<Slot>, _ extraSlot: Slot?, _ subject: UnsafeBufferPointer<UInt8>,
        _ length: Int, _ position: Int, _ generation: Int, _ workspace: MatchWorkspace, _ cache: SearchCache,
        _ profile: LineProfile
    ) -> Winner? {
        let usesPrefilter = workspace.scan.usesPrefilter
        var bestStart = Int.max
        var bestSlot: Slot?
        // The winner's groups when it cannot come from the cache (a non-cacheable pattern).
        var best: Winner?
        // Returns whether the slot rules out every later one, and whether it can never match
        // again in this subject.
        func consider(_ slot: Slot) -> (stop: Bool, dead: Bool) {
            let start: Int
            if slot.isCacheable,
                let cached = cache.lookup(slot.uid, generation: generation, position: position)
            {
                guard let cachedStart = cached else { return (false, true) }
                start = cachedStart
            } else {
                let found =
                    (!usesPrefilter
                        || SearchPrefilter.mayMatch(
                            slot.prefilter, from: position, in: profile, length: length))
                    && slot.pattern.read {
                        $0.search(subject, length: length, from: position, workspace: workspace)
                    }
                guard found else {
                    if slot.isCacheable {
                        cache.storeNoMatch(slot.uid, generation: generation, searchedFrom: position)
                    }
                    return (false, slot.isCacheable)
                }
                let ovector = workspace.pcre.ovector
                start = ovector[0]
                if slot.isCacheable {
                    let (alternative, groups) = slot.pattern.read { pattern in
                        (
                            pattern.alternativeCaptureCounts == nil
                                ? 0 : pattern.matchedAlternative(workspace),
                            pattern.captureCount + 1
                        )
                    }
                    cache.storeMatch(
                        slot.uid, generation: generation, searchedFrom: position, ovector: ovector,
                        groups: groups, alternative: alternative)
                } else if start < bestStart {
                    bestStart = start
                    bestSlot = slot
                    best = Self.winner(slot, workspace)
                    return (start == position, false)
                }
            }
            guard start < bestStart else { return (false, false) }
            bestStart = start
            bestSlot = slot
            best = nil
            // Nothing can start earlier than the search position, and later entries lose ties.
            return (start == position, false)
        }
        var stopped = false
        if let extraSlot, extraFirst {
            stopped = consider(extraSlot).stop
        }
        if !stopped {
            if let listUID {
                // Unowned: the workspace owns its live-entry sets.
                workspace.scan.liveEntries(list: listUID, count: buffer.count).read { live in
                    live.prepare(
                        cache: cache, generation: generation, requirements: requirements,
                        line: usesPrefilter ? profile : nil)
                    let indices = live.indices
                    var kept = 0
                    var read = 0
                    while read < live.count {
                        let index = indices[read]
                        read += 1
                        let (stop, dead) = consider(buffer[Int(index)])
                        if !dead {
                            indices[kept] = index
                            kept += 1
                        }
                        if stop {
                            stopped = true
                            break
                        }
                    }
                    // Keep the entries not visited, in order.
                    while read < live.count {
                        indices[kept] = indices[read]
                        kept += 1
                        read += 1
                    }
                    live.count = kept
                }
            } else {
                for slot in buffer where consider(slot).stop {
                    stopped = true
                    break
                }
            }
        }
        if !stopped, let extraSlot, !extraFirst {
            _ = consider(extraSlot)
        }
        guard let bestSlot else { return nil }
        if let best { return best }
        // The winner is in the cache with its groups, searched from here or earlier.
        return bestSlot.pattern.read { pattern in Self.cachedWinner(bestSlot, pattern, cache, workspace) }
    }

    /// The winner stored in the cache with its groups, searched from here or earlier.
    private static func cachedWinner(
        _ bestSlot: Slot, _ pattern: Pattern, _ cache: SearchCache, _ workspace: MatchWorkspace
    ) -> Winner {
        guard let counts = pattern.alternativeCaptureCounts else {
            let match = cache.storedMatch(
                bestSlot.uid, groups: pattern.captureCount + 1, workspace: workspace)
            return (bestSlot.firstIndex < 0 ? nil : bestSlot.firstIndex, match)
        }
        let alternative = min(cache.storedAlternative(bestSlot.uid), counts.count - 1)
        let match = cache.storedMatch(bestSlot.uid, groups: counts[alternative] + 1, workspace: workspace)
        return (bestSlot.firstIndex + alternative, match)
    }

    private static func winner(_ slot: Slot, _ workspace: MatchWorkspace) -> Winner {
        slot.pattern.read { pattern in winner(slot, pattern, workspace) }
    }

    private static func winner(_ slot: Slot, _ pattern: Pattern, _ workspace: MatchWorkspace) -> Winner {
        guard let counts = pattern.alternativeCaptureCounts else {
            let match = workspace.currentMatch(groups: pattern.captureCount + 1)
            return (slot.firstIndex < 0 ? nil : slot.firstIndex, match)
        }
        let alternative = min(pattern.matchedAlternative(workspace), counts.count - 1)
        // Only the alternative's own groups: `$N` past them must stay literal, as in vscode.
        let match = workspace.currentMatch(groups: counts[alternative] + 1)
        return (slot.firstIndex + alternative, match)
    }
}
