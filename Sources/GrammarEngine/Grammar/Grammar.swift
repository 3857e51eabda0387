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
        /// Whether searches that cannot match (a byte every match needs is absent from the
        /// line) are skipped without calling PCRE2.
        public var prefiltersSearches = true
        /// Whether interned scope and rule stacks are made immortal (`Immortal`): cheaper to
        /// share between threads, but never freed, not even with their grammar. Processes that
        /// load grammars again and again (the daemon, on every configuration change) turn it
        /// off, so that a grammar's stacks go with it.
        public var immortalStacks = true

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
    let lock = NSLock()
    let interner: StackInterner

    /// Frees the interned stacks nothing holds any more (see `StackInterner.releaseUnused`);
    /// returns how many. Call it only while no other thread tokenizes with this grammar.
    @discardableResult
    public func releaseUnusedStacks() -> Int {
        interner.releaseUnused()
    }

    /// The number of interned scope stacks and rule stack frames (a statistic).
    public var internedStackCount: (scopes: Int, frames: Int) { interner.count }

    // Build-time state; read-only once `init` returns (except `diagnostics`). Fields read per
    // scan skip dynamic exclusivity checks.
    @exclusivity(unchecked) var rules: [Rule?] = [nil]
    /// `rules` again as unretained references, made once `init` has built them all, so the
    /// scan reads a rule without retaining and releasing it; `rules` keeps them alive.
    @exclusivity(unchecked) private(set) var unretainedRules = UnsafeMutableBufferPointer<Unmanaged<Rule>?>(
        start: nil, count: 0)
    var ruleIdsByRaw: [ObjectIdentifier: (raw: RawRule, id: Int)] = [:]
    var includedGrammars: [String: Context] = [:]
    @exclusivity(unchecked) var rootId = 0
    @exclusivity(unchecked) var injections: [Injection] = []
    // Read on every scan; cheaper than touching the array.
    @exclusivity(unchecked) var hasInjections = false
    // Whether any begin/while rule exists; otherwise lines skip the while checks.
    @exclusivity(unchecked) var hasWhileRules = false
    var patternDiagnostics: [GrammarError] = []
    // The same diagnostics as a set: a grammar with many bad rules must not pay a linear search
    // for each one.
    var reportedDiagnostics: Set<GrammarError> = []
    // How deeply `compiledRuleId` calls are nested while the grammar is built.
    var ruleNesting = 0

    /// Compiles the rules of `raw`, resolving external grammars through `sources`.
    public init(_ raw: RawGrammar, sources: Sources, configuration: Configuration = .init()) {
        self.scopeName = raw.scopeName
        self.raw = raw
        self.sources = sources
        self.interner = StackInterner(immortal: configuration.immortalStacks)
        self.configuration = configuration
        var repository = raw.repository
        repository["$self"] = raw.rootRule
        repository["$base"] = raw.rootRule
        let context = Context(scopeName: raw.scopeName, repository: repository)
        // The root is compiled first, at depth 0, so it is never left out.
        rootId = compiledRuleId(raw.rootRule, context: context, path: "") ?? 0
        injections = collectInjections(rootContext: context)
        hasInjections = !injections.isEmpty
        hasWhileRules = rules.contains { $0?.kind == .beginWhile }
        unretainedRules = .allocate(capacity: rules.count)
        _ = unretainedRules.initialize(from: rules.map { $0.map(Unmanaged.passUnretained) })
    }

    deinit {
        unretainedRules.deallocate()
    }

    /// Patterns that failed to translate or compile so far (their rules are disabled), and rules
    /// or injections left out because they went past one of the ``Limits``.
    public var diagnostics: [GrammarError] {
        lock.lock()
        defer { lock.unlock() }
        return patternDiagnostics
    }

    /// How many ``diagnostics`` there are, without copying them (checked after every edit).
    public var diagnosticCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return patternDiagnostics.count
    }

    func rule(_ id: Int) -> Rule? {
        id > 0 && id < rules.count ? rules[id] : nil
    }

    /// `rule(id)` without taking a reference.
    @inline(__always)
    func unretainedRule(_ id: Int) -> Unmanaged<Rule>? {
        id > 0 && id < unretainedRules.count ? unretainedRules[id] : nil
    }
}
