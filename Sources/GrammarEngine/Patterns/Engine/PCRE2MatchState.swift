import CPCRE2

/// One thread's PCRE2 match state: match data sized for the most groups seen, a match
/// context with the limits, a JIT stack, and what the searches counted.
///
/// PCRE2 code is shared between threads, but match data and JIT stacks are not. The state owns
/// all three PCRE2 objects, and is `~Copyable` so that only one value frees them.
struct PCRE2MatchState: ~Copyable {
    /// The match data's ovector size, in groups.
    private(set) var capacity: Int
    private(set) var matchData: OpaquePointer
    let matchContext: OpaquePointer
    private let jitStack: OpaquePointer?
    /// A byte to pass as the subject of an empty buffer, which has no address.
    let emptySubject: UnsafeMutablePointer<UInt8>
    /// How many searches ran.
    var searchCount = 0
    /// How many searches hit the match limit or the JIT stack limit.
    private(set) var limitHits = 0
    /// The source of the last pattern that hit a limit.
    private(set) var lastLimitPattern: String?

    init(matchLimit: UInt32) {
        capacity = 32
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
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        emptySubject.deallocate()
    }

    /// Sets the match limit for later searches.
    func setMatchLimit(_ limit: UInt32) {
        pcre2_set_match_limit_8(matchContext, limit)
    }

    /// Grows the match data to hold `groups` groups.
    mutating func ensureCapacity(groups: Int) {
        guard groups > capacity else { return }
        pcre2_match_data_free_8(matchData)
        capacity = max(groups, capacity * 2)
        matchData = pcre2_match_data_create_8(UInt32(capacity), nil)
    }

    /// The groups of the last successful search, as (start, end) pairs.
    var ovector: UnsafePointer<Int> {
        UnsafePointer(pcre2_get_ovector_pointer_8(matchData)!)
    }

    /// The ovector as `Int`s to write, for matches found by another engine (Oniguruma).
    var writableOffsets: UnsafeMutablePointer<Int> {
        UnsafeMutableRawPointer(pcre2_get_ovector_pointer_8(matchData)!).assumingMemoryBound(to: Int.self)
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

    mutating func recordLimitHit(_ pattern: Pattern) {
        limitHits += 1
        lastLimitPattern = pattern.source
    }
}
