/// The tokenizer's shortcuts: ways to find the same matches with less work, each of which can
/// be switched off (`Grammar.Configuration.shortcuts`).
///
/// Every shortcut must leave the tokens exactly as they are without it; that is what
/// switching them all off is for. A grammar tokenized with ``none`` runs every search on the
/// regex engine from its start, caches nothing and remembers nothing, and is the reference the
/// tests compare the default with.
public struct SearchShortcuts: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    /// Creates a set from its raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Skip a search when a byte, literal or word that every match needs is absent from the
    /// rest of the line (`SearchPrefilter`).
    public static let prefilter = SearchShortcuts(rawValue: 1 << 0)
    /// Reuse a pattern's search result within a line while it is still ahead of the scan, and
    /// drop from a list's scan the patterns that cannot match again (`SearchCache`).
    public static let searchCache = SearchShortcuts(rawValue: 1 << 1)
    /// Find a pattern that matches only at a line's end with `memchr` (`SearchPlan.lineEnd`).
    public static let lineEnd = SearchShortcuts(rawValue: 1 << 2)
    /// Find a pattern that is only a literal string with `memchr` and `memcmp`
    /// (`SearchPlan.exactLiteral`).
    public static let exactLiteral = SearchShortcuts(rawValue: 1 << 3)
    /// Find a pattern that is a run of two classes by bit masks on ASCII text
    /// (`SearchPlan.classRun`).
    public static let classRun = SearchShortcuts(rawValue: 1 << 4)
    /// Start a search where a leading class run before a required byte can start
    /// (`SearchPlan.leadingRunSkip`).
    public static let leadingRunSkip = SearchShortcuts(rawValue: 1 << 5)
    /// Make repetitions that can never give a character back possessive when translating
    /// (`Possessifier`).
    public static let possessiveRewrite = SearchShortcuts(rawValue: 1 << 6)
    /// Leave out of a compiled list the patterns that repeat an earlier one (they never win).
    public static let repeatedPatternRemoval = SearchShortcuts(rawValue: 1 << 7)
    /// Reuse the tokens of a line met again in the same state: on the whole-document path
    /// (`LineMemo`), and in an incremental highlighter's recent lines (`RecentLineMemo`).
    public static let lineMemo = SearchShortcuts(rawValue: 1 << 8)
    /// Remember the scope stack a rule's name pushes onto a stack (`ScopeMemo`).
    public static let scopeMemo = SearchShortcuts(rawValue: 1 << 9)
    /// Run a pattern on PCRE2's interpreter until its 32nd search, and JIT-compile it only
    /// then (`DeferredJIT`); without it, the JIT compiles every pattern as it is compiled. The
    /// daemon goes without it: a keystroke should not pay for a compile.
    public static let deferredJIT = SearchShortcuts(rawValue: 1 << 10)
    /// Put a lookahead of the characters every match begins with in front of a pattern whose
    /// start PCRE2 cannot work out (`StartLookahead`), so that PCRE2 skips to possible starts.
    public static let startLookahead = SearchShortcuts(rawValue: 1 << 11)
    /// Consume the short ASCII text a pattern's leading lookbehind asks for and start the match
    /// after it, so that PCRE2 looks for the text (`SearchPlan.leadingLookbehind`).
    public static let leadingLookbehind = SearchShortcuts(rawValue: 1 << 12)
    /// Find a pattern that is a list of ASCII words behind lookbehinds of one or two
    /// characters by comparing bytes (`SearchPlan.wordList`).
    public static let wordList = SearchShortcuts(rawValue: 1 << 13)
    /// Let PCRE2 reject a start inside a run where the pattern cannot match because it did not
    /// match one character earlier (`RunStartCheck`): linear searches over long runs.
    public static let runStartCheck = SearchShortcuts(rawValue: 1 << 14)
    /// Keep on each interned scope stack which injections apply under it, worked out from its
    /// parent's where its scope is one no injection selector names
    /// (`Grammar.injectionMask(under:)`), instead of matching every selector against the whole
    /// path at every scan.
    public static let injectionMemo = SearchShortcuts(rawValue: 1 << 15)

    /// Every shortcut: the default.
    public static let all: SearchShortcuts = [
        .prefilter, .searchCache, .lineEnd, .exactLiteral, .classRun, .leadingRunSkip, .possessiveRewrite,
        .repeatedPatternRemoval, .lineMemo, .scopeMemo, .deferredJIT, .startLookahead, .leadingLookbehind,
        .wordList, .runStartCheck, .injectionMemo,
    ]
    /// No shortcut: the reference.
    public static let none: SearchShortcuts = []

    /// Each shortcut by name, for the command line and for test reports.
    public static let named: [(name: String, shortcut: SearchShortcuts)] = [
        ("prefilter", .prefilter), ("search-cache", .searchCache), ("line-end", .lineEnd),
        ("exact-literal", .exactLiteral), ("class-run", .classRun), ("leading-run-skip", .leadingRunSkip),
        ("possessive-rewrite", .possessiveRewrite), ("repeated-pattern-removal", .repeatedPatternRemoval),
        ("line-memo", .lineMemo), ("scope-memo", .scopeMemo), ("deferred-jit", .deferredJIT),
        ("start-lookahead", .startLookahead), ("leading-lookbehind", .leadingLookbehind),
        ("word-list", .wordList), ("run-start-check", .runStartCheck),
        ("injection-memo", .injectionMemo),
    ]
}
