/// Remembers, per pattern, the last search within the current subject.
///
/// A search from `searchedFrom` that found nothing also finds nothing from any later start; a
/// search that found a match at `start` finds the same match from any start in
/// `searchedFrom...start` (lookbehind sees the whole subject either way). Patterns whose result
/// depends on the start itself (`\G`, `\K`) are never cached. Each new subject (a line, or a
/// capture being retokenized) takes a new generation, which invalidates every entry at once.
///
/// A class over a raw buffer: the scanner consults it for every pattern of every scan, and
/// array storage inside the workspace would pay copy-on-write and exclusivity checks there.
final class SearchCache {
    struct Entry {
        var generation = -1
        var searchedFrom = 0
        // -1 when the search found nothing.
        var start = -1
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var capacity: Int
    private(set) var generation = 0

    init() {
        capacity = 256
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(), count: capacity)
    }

    deinit {
        entries.deallocate()
    }

    /// Starts a new subject.
    func beginSubject() -> Int {
        generation += 1
        return generation
    }

    /// What a cached search says about a search from `position`: nil when unknown, `.some(nil)`
    /// when there is no match, else the match's start.
    func lookup(_ uid: Int, generation: Int, position: Int) -> Int?? {
        guard uid < capacity else { return nil }
        let entry = entries[uid]
        guard entry.generation == generation, entry.searchedFrom <= position else { return nil }
        if entry.start < 0 { return .some(nil) }
        return entry.start >= position ? .some(entry.start) : nil
    }

    func store(_ uid: Int, generation: Int, searchedFrom: Int, start: Int?) {
        if uid >= capacity { grow(to: uid + 1) }
        entries[uid] = Entry(generation: generation, searchedFrom: searchedFrom, start: start ?? -1)
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
