/// Remembers, per pattern, the last search within the current subject.
///
/// A search from `searchedFrom` that found nothing also finds nothing from any later start; a
/// search that found a match at `start` finds the same match, with the same groups, from any
/// start in `searchedFrom...start` (lookbehind sees the whole subject either way). Patterns
/// whose result depends on the start itself (`\G`, `\K`) are never cached. Each new subject (a
/// line, or a capture being retokenized) takes a new generation, which invalidates every entry
/// at once.
///
/// A found match keeps its groups (and, for a combined alternation, the alternative), so a
/// winner taken from the cache needs no second search to recover them.
///
/// A class over a raw buffer: the scanner consults it for every pattern of every scan, and
/// array storage inside the workspace would pay copy-on-write and exclusivity checks there.
final class SearchCache {
    struct Entry {
        var generation = -1
        var searchedFrom = 0
        // -1 when the search found nothing.
        var start = -1
        // The alternative of a combined alternation that matched, else 0.
        var alternative = 0
        // The number of (start, end) pairs held in `offsets`.
        var groups = 0
        var offsets: UnsafeMutablePointer<Int>?
        var offsetCapacity = 0
    }

    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var generation = 0

    init() {
        capacity = 256
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(), count: capacity)
    }

    deinit {
        for index in 0..<capacity { entries[index].offsets?.deallocate() }
        entries.deinitialize(count: capacity)
        entries.deallocate()
    }

    /// Starts a new subject.
    func beginSubject() -> Int {
        generation += 1
        return generation
    }

    /// What a cached search says about a search from `position`: nil when unknown, `.some(nil)`
    /// when there is no match, else the match's start.
    @inline(__always)
    func lookup(_ uid: Int, generation: Int, position: Int) -> Int?? {
        guard uid < capacity else { return nil }
        let entry = entries + uid
        guard entry.pointee.generation == generation, entry.pointee.searchedFrom <= position else {
            return nil
        }
        let start = entry.pointee.start
        if start < 0 { return .some(nil) }
        return start >= position ? .some(start) : nil
    }

    /// Records a search that found nothing.
    func storeNoMatch(_ uid: Int, generation: Int, searchedFrom: Int) {
        if uid >= capacity { grow(to: uid + 1) }
        let entry = entries + uid
        entry.pointee.generation = generation
        entry.pointee.searchedFrom = searchedFrom
        entry.pointee.start = -1
    }

    /// Records a match: `groups` (start, end) pairs copied from `ovector`.
    func storeMatch(
        _ uid: Int, generation: Int, searchedFrom: Int, ovector: UnsafePointer<Int>, groups: Int,
        alternative: Int
    ) {
        if uid >= capacity { grow(to: uid + 1) }
        let entry = entries + uid
        let needed = groups * 2
        if entry.pointee.offsetCapacity < needed {
            entry.pointee.offsets?.deallocate()
            entry.pointee.offsets = .allocate(capacity: needed)
            entry.pointee.offsetCapacity = needed
        }
        entry.pointee.offsets!.update(from: ovector, count: needed)
        entry.pointee.generation = generation
        entry.pointee.searchedFrom = searchedFrom
        entry.pointee.start = ovector[0]
        entry.pointee.groups = groups
        entry.pointee.alternative = alternative
    }

    /// The groups of the match stored for `uid` (valid right after a hit or a store).
    func storedMatch(_ uid: Int, groups limit: Int, workspace: MatchWorkspace) -> PatternMatch {
        let entry = entries[uid]
        let count = min(limit, entry.groups) * 2
        guard let offsets = entry.offsets else { return PatternMatch(offsets: []) }
        return workspace.scratch.match(copying: offsets, count: count)
    }

    /// The alternative stored with the match for `uid`.
    func storedAlternative(_ uid: Int) -> Int {
        entries[uid].alternative
    }

    private func grow(to minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let grown = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: entries, count: capacity)
        (grown + capacity).initialize(repeating: Entry(), count: newCapacity - capacity)
        entries.deallocate()
        entries = grown
        capacity = newCapacity
    }
}
