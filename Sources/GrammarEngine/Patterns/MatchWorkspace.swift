import CPCRE2
import Foundation

/// Per-thread PCRE2 match state: match data, match context with limits, JIT stack, and the
/// per-line search cache.
///
/// PCRE2 code is shared between threads, but match data and JIT stacks are not; each thread
/// gets its own workspace through `current`.
public final class MatchWorkspace {
    /// The match limit applied to every search (PCRE2's default is 10,000,000).
    public static let defaultMatchLimit: UInt32 = 1_000_000

    // Mutable state is `@exclusivity(unchecked)`: the workspace belongs to one thread, and
    // dynamic exclusivity checks on every access were a visible share of each search.
    // The match data's ovector size, in groups.
    @exclusivity(unchecked) private(set) var capacity: Int
    @exclusivity(unchecked) private(set) var matchData: OpaquePointer
    let matchContext: OpaquePointer
    private let jitStack: OpaquePointer?
    let emptySubject: UnsafeMutablePointer<UInt8>
    /// How many PCRE2 searches this workspace ran.
    @exclusivity(unchecked) public internal(set) var searchCount = 0
    /// How many searches hit the match limit or the JIT stack limit, and the last culprit.
    @exclusivity(unchecked) public private(set) var limitHits = 0
    /// The source of the last pattern that hit a limit.
    public private(set) var lastLimitPattern: String?
    // Per-pattern search results within one subject (see `SearchCache`).
    // The cache of the subject being searched. Captures retokenized inside a line are other
    // subjects; each nesting depth has its own cache so the line's entries survive them.
    @exclusivity(unchecked) var cache: SearchCache
    @exclusivity(unchecked) private var nestedCaches: [SearchCache] = []
    // The bytes of the line being tokenized, for `SearchPrefilter`; nil when prefiltering is off.
    let lineProfile = LineProfile()
    @exclusivity(unchecked) var usesPrefilter = false
    // Remembered scope pushes (see `ScopeMemo`).
    let scopeMemo = ScopeMemo()
    // The current line plus its "\n", reused from line to line.
    @exclusivity(unchecked) var lineBuffer: [UInt8] = []
    // Offset arrays finished matches gave back, by their number of offsets (a pattern's
    // groups times two), so that a new match of the same size overwrites one in place.
    @exclusivity(unchecked) private var spareOffsets: [[[Int]]] = Array(
        repeating: [], count: MatchWorkspace.recycledSizes)
    private static let recycledSizes = 64

    /// Creates a workspace with the given match limit.
    public init(matchLimit: UInt32 = MatchWorkspace.defaultMatchLimit) {
        capacity = 32
        cache = SearchCache()
        matchData = pcre2_match_data_create_8(UInt32(capacity), nil)
        matchContext = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(matchContext, matchLimit)
        jitStack = pcre2_jit_stack_create_8(32 * 1024, 4 * 1024 * 1024, nil)
        if let jitStack {
            pcre2_jit_stack_assign_8(matchContext, nil, UnsafeMutableRawPointer(jitStack))
        }
        emptySubject = .allocate(capacity: 1)
        emptySubject.initialize(to: 0)
    }

    deinit {
        for entry in liveTable { entry?.release() }
        liveTable.deallocate()
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        emptySubject.deallocate()
    }

    private static let threadKey = "highlightd.GrammarEngine.MatchWorkspace"

    /// This thread's workspace, created on first use.
    public static var current: MatchWorkspace { threadLocal(threadKey) }

    /// The workspace this thread keeps under `key`, created on first use.
    static func threadLocal(_ key: String) -> MatchWorkspace {
        let dictionary = Thread.current.threadDictionary
        if let workspace = dictionary[key] as? MatchWorkspace { return workspace }
        let workspace = MatchWorkspace()
        dictionary[key] = workspace
        return workspace
    }

    /// Forgets the scope stacks this thread's workspace remembers, so that a grammar's
    /// interner can free those nothing else uses (`Grammar.releaseUnusedStacks`) and stacks of
    /// a dropped grammar go with it.
    public func forgetRememberedScopes() {
        scopeMemo.removeAll()
    }

    /// Sets the match limit for later searches.
    public func setMatchLimit(_ limit: UInt32) {
        pcre2_set_match_limit_8(matchContext, limit)
    }

    // Per rule list (by `CompiledRuleList.uid`), the entries that may still match. The table
    // holds one reference to each set, released in `deinit`, and hands them out unretained:
    // the scan reads one per scan.
    @exclusivity(unchecked) private var liveTable = UnsafeMutableBufferPointer<Unmanaged<LiveEntries>?>(
        start: nil, count: 0)

    /// The live-entry set of a list with `count` entries, unretained: the workspace keeps it
    /// alive until the set of that list is replaced.
    @inline(__always)
    func liveEntries(list uid: Int, count: Int) -> Unmanaged<LiveEntries> {
        if uid < liveTable.count, let known = liveTable[uid],
            known._withUnsafeGuaranteedRef({ $0.capacity == count })
        {
            return known
        }
        return makeLiveEntries(list: uid, count: count)
    }

    private func makeLiveEntries(list uid: Int, count: Int) -> Unmanaged<LiveEntries> {
        if uid >= liveTable.count {
            let grown = UnsafeMutableBufferPointer<Unmanaged<LiveEntries>?>.allocate(
                capacity: max(uid + 17, liveTable.count * 2))
            let kept = liveTable.count
            if let old = liveTable.baseAddress { grown.baseAddress!.moveInitialize(from: old, count: kept) }
            (grown.baseAddress! + kept).initialize(repeating: nil, count: grown.count - kept)
            liveTable.deallocate()
            liveTable = grown
        }
        liveTable[uid]?.release()
        let created = Unmanaged.passRetained(LiveEntries(capacity: count))
        liveTable[uid] = created
        return created
    }

    /// The search cache for captures retokenized at `depth` (1 for captures of the line).
    func nestedCache(depth: Int) -> SearchCache {
        while nestedCaches.count < depth { nestedCaches.append(SearchCache()) }
        return nestedCaches[depth - 1]
    }

    func ensureCapacity(groups: Int) {
        guard groups > capacity else { return }
        pcre2_match_data_free_8(matchData)
        capacity = max(groups, capacity * 2)
        matchData = pcre2_match_data_create_8(UInt32(capacity), nil)
    }

    /// The groups of the last successful search, as (start, end) pairs.
    /// The ovector as `Int`s to write, for matches found by another engine (Oniguruma).
    var writableOffsets: UnsafeMutablePointer<Int> {
        UnsafeMutableRawPointer(pcre2_get_ovector_pointer_8(matchData)!).assumingMemoryBound(to: Int.self)
    }

    var ovector: UnsafePointer<Int> {
        UnsafePointer(pcre2_get_ovector_pointer_8(matchData)!)
    }

    /// The start and end of group 0 of the last successful search.
    var currentBounds: (start: Int, end: Int) {
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        return (ovector[0], ovector[1])
    }

    /// Writes a match found without PCRE2 where PCRE2 writes its groups: group 0, and group 1
    /// too when the whole match is captured. Returns true, for the search to return.
    func record(_ match: Range<Int>, alsoAsGroup1: Bool) -> Bool {
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        ovector[0] = match.lowerBound
        ovector[1] = match.upperBound
        if alsoAsGroup1 {
            ovector[2] = match.lowerBound
            ovector[3] = match.upperBound
        }
        return true
    }

    /// Copies the last successful search's groups; PCRE2_UNSET reads as -1.
    func currentMatch(groups: Int) -> PatternMatch {
        match(copying: ovector, count: groups * 2)
    }

    /// A match holding `count` offsets copied from `source` (PCRE2_UNSET, all ones, is -1 as
    /// an `Int`), in an array of that size a finished match gave back when there is one:
    /// resizing a spare array of another size went through `Array`'s generic paths.
    func match(copying source: UnsafePointer<Int>, count: Int) -> PatternMatch {
        let buffer = UnsafeBufferPointer(start: source, count: count)
        guard count < Self.recycledSizes, var offsets = spareOffsets[count].popLast() else {
            return PatternMatch(offsets: Array(buffer))
        }
        offsets.withUnsafeMutableBufferPointer { spare in
            spare.baseAddress?.update(from: source, count: count)
        }
        return PatternMatch(offsets: offsets)
    }

    /// Takes back a match the tokenizer is done with, to reuse its array: a new array per
    /// match was a third of the tokenizer's allocations.
    ///
    /// The array is swapped out of the match rather than copied: a copy took a reference that
    /// the match's end gave back at once, a pair of atomic operations per match.
    func recycle(_ match: inout PatternMatch) {
        let count = match.offsets.count
        guard count < Self.recycledSizes, spareOffsets[count].count < 8 else { return }
        var offsets: [Int] = []
        swap(&offsets, &match.offsets)
        spareOffsets[count].append(consume offsets)
    }

    func recordLimitHit(_ pattern: Pattern) {
        limitHits += 1
        lastLimitPattern = pattern.source
    }
}
