/// Remembers, per pattern, the last search within the current subject.
///
/// A search from `searchedFrom` that found nothing also finds nothing from any later start; a
/// search that found a match at `start` finds the same match from any start in
/// `searchedFrom...start` (lookbehind sees the whole subject either way). Patterns whose result
/// depends on the start itself (`\G`, `\K`) are never cached. Each new subject (a line, or a
/// capture being retokenized) takes a new generation, which invalidates every entry at once.
struct SearchCache {
    struct Entry {
        var generation = -1
        var searchedFrom = 0
        // -1 when the search found nothing.
        var start = -1
    }

    private var entries: [Entry] = []
    private(set) var generation = 0

    /// Starts a new subject.
    mutating func beginSubject() -> Int {
        generation += 1
        return generation
    }

    /// What a cached search says about a search from `position`: nil when unknown.
    func lookup(_ uid: Int, generation: Int, position: Int) -> Int?? {
        guard uid < entries.count else { return nil }
        let entry = entries[uid]
        guard entry.generation == generation, entry.searchedFrom <= position else { return nil }
        if entry.start < 0 { return .some(nil) }
        return entry.start >= position ? .some(entry.start) : nil
    }

    mutating func store(_ uid: Int, generation: Int, searchedFrom: Int, start: Int?) {
        if uid >= entries.count {
            entries.append(contentsOf: repeatElement(Entry(), count: uid + 1 - entries.count + 64))
        }
        entries[uid] = Entry(generation: generation, searchedFrom: searchedFrom, start: start ?? -1)
    }
}
