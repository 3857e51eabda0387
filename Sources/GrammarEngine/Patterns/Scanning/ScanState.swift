/// One thread's state for scanning pattern lists: the search caches, the line's profile for
/// the prefilters, and each list's set of entries that may still match.
///
/// It owns the live-entry sets (`ReferenceTable`) and is `~Copyable`, as their only owner.
struct ScanState: ~Copyable {
    /// The cache of the subject being searched (`SearchCache`). Captures retokenized inside a
    /// line are other subjects; each nesting depth has its own cache so the line's entries
    /// survive them.
    var cache = SearchCache()
    private var nestedCaches: [SearchCache] = []
    /// The bytes of the line being tokenized, for `SearchPrefilter`.
    let lineProfile = LineProfile()
    /// Whether scans consult the prefilter (the line's profile is then current).
    var usesPrefilter = false
    // Per rule list (by `CompiledRuleList.uid`), the entries that may still match.
    private var liveTable = ReferenceTable<LiveEntries>()

    init() {}

    /// The live-entry set of a list with `count` entries, unowned: this state owns it until
    /// the set of that list is replaced.
    @inline(__always)
    mutating func liveEntries(list uid: Int, count: Int) -> Unowned<LiveEntries> {
        if let known = liveTable[uid], known.read({ $0.capacity == count }) {
            return known
        }
        let created = LiveEntries(capacity: count)
        liveTable.replace(at: uid, with: created)
        return Unowned(created)
    }

    /// The search cache for captures retokenized at `depth` (1 for captures of the line).
    mutating func nestedCache(depth: Int) -> SearchCache {
        while nestedCaches.count < depth { nestedCaches.append(SearchCache()) }
        return nestedCaches[depth - 1]
    }
}
