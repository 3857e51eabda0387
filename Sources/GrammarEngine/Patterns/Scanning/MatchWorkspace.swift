import Foundation

/// Everything one thread needs to search and tokenize, in three parts by job: the PCRE2 match
/// state (`pcre`), the scan's caches and filters (`scan`), and the tokenizer's reusable
/// memory (`scratch`).
///
/// Patterns and grammars are shared between threads; none of this is, so each thread gets its
/// own workspace through `current`. The parts are stored inline and accessed without dynamic
/// exclusivity checks (`@exclusivity(unchecked)`): the workspace belongs to one thread, and
/// those checks on every access were a visible share of each search.
public final class MatchWorkspace {
    /// The match limit applied to every search (PCRE2's default is 10,000,000).
    public static let defaultMatchLimit: UInt32 = 1_000_000

    @exclusivity(unchecked) var pcre: PCRE2MatchState
    @exclusivity(unchecked) var scan = ScanState()
    @exclusivity(unchecked) var scratch = TokenizerScratch()

    /// Creates a workspace with the given match limit.
    public init(matchLimit: UInt32 = MatchWorkspace.defaultMatchLimit) {
        pcre = PCRE2MatchState(matchLimit: matchLimit)
    }

    private static let threadKey = ThreadLocalWorkspace()

    /// This thread's workspace, created on first use.
    public static var current: MatchWorkspace { threadKey.workspace }

    /// How many PCRE2 searches this workspace ran.
    public var searchCount: Int { pcre.searchCount }
    /// How many searches hit the match limit or the JIT stack limit.
    public var limitHits: Int { pcre.limitHits }
    /// The source of the last pattern that hit a limit.
    public var lastLimitPattern: String? { pcre.lastLimitPattern }

    /// Sets the match limit for later searches.
    public func setMatchLimit(_ limit: UInt32) {
        pcre.setMatchLimit(limit)
    }

    /// Forgets the scope stacks this thread's workspace remembers, so that a grammar's
    /// interner can free those nothing else uses (`Grammar.releaseUnusedStacks`) and stacks of
    /// a dropped grammar go with it.
    public func forgetRememberedScopes() {
        scratch.scopeMemo.removeAll()
    }

    /// Copies the last successful search's groups into a match; PCRE2_UNSET reads as -1.
    func currentMatch(groups: Int) -> PatternMatch {
        scratch.match(copying: pcre.ovector, count: groups * 2)
    }
}

/// One workspace per thread under a POSIX thread-specific key, released when its thread ends.
///
/// `Thread.current.threadDictionary` did the same through an `NSMutableDictionary`, boxing the
/// workspace and casting it back: a visible part of highlighting a short file.
final class ThreadLocalWorkspace: @unchecked Sendable {
    private var key = pthread_key_t()

    init() {
        let created = pthread_key_create(&key) { pointer in
            guard let pointer = pointer as UnsafeMutableRawPointer? else { return }
            Unmanaged<MatchWorkspace>.fromOpaque(pointer).release()
        }
        precondition(created == 0, "no thread-specific key for match workspaces")
    }

    /// The calling thread's workspace, created on first use.
    var workspace: MatchWorkspace {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<MatchWorkspace>.fromOpaque(stored).takeUnretainedValue()
        }
        let workspace = MatchWorkspace()
        pthread_setspecific(key, Unmanaged.passRetained(workspace).toOpaque())
        return workspace
    }
}
