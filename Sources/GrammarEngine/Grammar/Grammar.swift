import Foundation

/// A compiled grammar ready to tokenize: one root grammar plus the grammars it includes and
/// the injections that target it.
///
/// Rules are built eagerly when the grammar is created; their PCRE2 patterns compile lazily on
/// first use and are shared by every thread and document. Rule ids and rule stacks belong to
/// this object: do not mix stacks of different `Grammar` instances.
public final class Grammar: @unchecked Sendable {
    /// Limits that keep one line from taking unbounded time.
    public struct Configuration: Sendable {
        /// Lines with more than this many UTF-16 units are tokenized only up to it; the rest of
        /// the line keeps the enclosing scope and the stack passes through unchanged.
        public var maxLineLength: Int = 20_000
        /// Time allowed per line; on expiry the rest of the line is one token.
        public var lineTimeBudget: Duration? = .milliseconds(500)
        /// PCRE2 match limit per search.
        public var matchLimit: UInt32 = MatchWorkspace.defaultMatchLimit
        /// Whether runs of patterns are searched as one combined alternation (same result).
        /// Off by default: on the benchmark inputs, one search per pattern with per-line result
        /// caching and the byte prefilter was about twice as fast as combined alternations.
        public var combinesPatterns = false
        /// The most patterns joined into one alternation. Smaller groups keep more search
        /// results reusable within a line; larger ones need fewer searches.
        public var combinedGroupSize = 16
        /// The shortcuts the tokenizer takes (all by default); the tokens are the same with
        /// any of them off.
        public var shortcuts: SearchShortcuts = .all
        /// Whether searches that cannot match (a byte every match needs is absent from the
        /// line) are skipped without calling PCRE2: ``SearchShortcuts/prefilter``.
        public var prefiltersSearches: Bool {
            get { shortcuts.contains(.prefilter) }
            set { newValue ? shortcuts.formUnion(.prefilter) : shortcuts.subtract(.prefilter) }
        }
        /// Whether interned scope and rule stacks are made immortal (`Immortal`): cheaper to
        /// share between threads, but never freed, not even with their grammar. Processes that
        /// load grammars again and again (the daemon, on every configuration change) turn it
        /// off, so that a grammar's stacks go with it.
        public var immortalStacks = true
        /// The most scope stacks, and the most rule stack frames, one grammar interns. Past it,
        /// new stacks are made without interning and compare structurally, so a pathological
        /// document cannot grow the tables without bound; a mortal grammar's tables are swept
        /// each time a quarter of this was interned (`Grammar.hasStacksToSweep`).
        public var internedStackLimit = 200_000
        /// Where translations of patterns are kept between runs (nil: translated every run).
        /// One-shot commands use one; the daemon translates once per grammar load anyway.
        public var translationCache: TranslationCache?

        /// Creates the default configuration.
        public init() {}
    }

    /// Looks up raw grammars by scope, and the injection grammars for a root scope.
    public struct Sources: Sendable {
        /// Returns the raw grammar for a scope name, or nil when it is unknown.
        public var grammar: @Sendable (String) -> RawGrammar?
        /// Returns the scopes of grammars injected into the given root scope.
        public var injections: @Sendable (String) -> [String]

        /// Creates sources from two lookups.
        public init(
            grammar: @escaping @Sendable (String) -> RawGrammar?,
            injections: @escaping @Sendable (String) -> [String] = { _ in [] }
        ) {
            self.grammar = grammar
            self.injections = injections
        }
    }

    /// A grammar's rules in lexical context: its repository plus `$self` and `$base`.
    struct Context {
        var scopeName: String
        var repository: [String: RawRule]
    }

    /// An injection: a selector with a priority (L: −1, R: +1) and the rule it injects.
    struct Injection {
        var selector: String
        var matcher: ScopeSelector.Matcher
        var ruleId: Int
        var priority: Int
    }

    /// The root scope name.
    public let scopeName: String
    /// Limits for tokenization.
    public let configuration: Configuration
    let raw: RawGrammar
    let sources: Sources
    /// Guards the lists being compiled and the resolved closing patterns.
    let lock = NSLock()
    /// Guards the diagnostics, which patterns compiled outside `lock` report too; taken inside
    /// `lock`, never the other way round.
    let diagnosticsLock = NSLock()
    let interner: StackInterner

    /// Frees the interned stacks nothing holds any more (see `StackInterner.releaseUnused`);
    /// returns how many. Call it only while no other thread tokenizes with this grammar.
    @discardableResult
    public func releaseUnusedStacks() -> Int {
        interner.releaseUnused()
    }

    /// Whether enough stacks were interned since the last `releaseUnusedStacks` that it should
    /// be called again without waiting for the daemon to go idle (see
    /// `StackInterner.needsSweep`).
    public var hasStacksToSweep: Bool { interner.needsSweep }

    /// The number of interned scope stacks and rule stack frames (a statistic).
    public var internedStackCount: (scopes: Int, frames: Int) { interner.count }
    /// The room the interner's tables have (a statistic for tests).
    var internedStackCapacity: (scopes: Int, frames: Int) { interner.tableCapacity }

    /// The rules by id (id 0 is never used), made once by a `RuleBuilder` and never changed.
    let rules: ReferenceTable<Rule>
    let rootId: Int
    let injections: [Injection]
    /// Whether there are injections: read on every scan, cheaper than the array's count.
    let hasInjections: Bool
    /// Every word the injections' selectors name (`ScopeSelector.identifiers(in:)`): a scope
    /// that none of them prefix-matches changes no selector's answer.
    let injectionIdentifiers: [String]
    /// Whether the injections that apply under a stack are kept on its node
    /// (`SearchShortcuts.injectionMemo`, and at most `ScopeStack.injectionMemoCapacity` of them).
    let memoizesInjections: Bool
    /// Whether any begin/while rule exists; otherwise lines skip the while checks.
    let hasWhileRules: Bool

    // Guarded by `diagnosticsLock`: diagnostics found while patterns compile.
    var patternDiagnostics: [GrammarError]
    // The same diagnostics as a set: a grammar with many bad rules must not pay a linear search
    // for each one.
    var reportedDiagnostics: Set<GrammarError>
    // Guarded by `lock`: per rule id, its back-referenced closing pattern resolved per end
    // text; and the lists being compiled.
    var resolvedClosings: [Int: [String: RegexSource]] = [:]
    var listCompilations: [ListCompilation.Key: ListCompilation] = [:]

    /// Compiles the rules of `raw`, resolving external grammars through `sources`.
    public init(_ raw: RawGrammar, sources: Sources, configuration: Configuration = .init()) {
        self.scopeName = raw.scopeName
        self.raw = raw
        self.sources = sources
        self.configuration = configuration
        var builder = RuleBuilder(raw: raw, sources: sources)
        let built = builder.build()
        memoizesInjections =
            configuration.shortcuts.contains(.injectionMemo)
            && built.injections.count <= ScopeStack.injectionMemoCapacity
        // Without the memo, injection selectors read the names of the scopes at every scan;
        // everything else asks for names once per stack at most (`ScopeStack.scopeNames`
        // builds them when asked).
        self.interner = StackInterner(
            capacity: configuration.internedStackLimit, immortal: configuration.immortalStacks,
            keepsNames: !built.injections.isEmpty && !memoizesInjections)
        rules = ReferenceTable(built.rules)
        rootId = built.rootId
        injections = built.injections
        hasInjections = !built.injections.isEmpty
        var identifiers: [String] = []
        for injection in built.injections {
            for identifier in ScopeSelector.identifiers(in: injection.selector)
            where !identifiers.contains(identifier) {
                identifiers.append(identifier)
            }
        }
        injectionIdentifiers = identifiers
        hasWhileRules = built.rules.contains { $0?.kind == .beginWhile }
        patternDiagnostics = built.diagnostics
        reportedDiagnostics = Set(built.diagnostics)
    }

    /// Patterns that failed to translate or compile so far (their rules are disabled), and rules
    /// or injections left out because they went past one of the ``Limits``.
    public var diagnostics: [GrammarError] {
        diagnosticsLock.lock()
        defer { diagnosticsLock.unlock() }
        return patternDiagnostics
    }

    /// How many ``diagnostics`` there are, without copying them (checked after every edit).
    public var diagnosticCount: Int {
        diagnosticsLock.lock()
        defer { diagnosticsLock.unlock() }
        return patternDiagnostics.count
    }

    /// The rule with `id`, strongly referenced (off the hot path).
    func rule(_ id: Int) -> Rule? {
        id > 0 ? rules.object(at: id) : nil
    }

    /// The rule with `id`, unowned: the grammar keeps its rules alive.
    @inline(__always)
    func unownedRule(_ id: Int) -> Unowned<Rule>? {
        id > 0 ? rules[id] : nil
    }
}
