/// Makes a grammar's rules: vscode-textmate's `RuleFactory`, as drafts first, then frozen.
///
/// Walks the raw grammar from its root, and from each injection, compiling every rule it
/// reaches through `patterns`, `include` and captures. A rule's id is cached per raw rule, so
/// a rule is compiled once, in the lexical context of its first reference; while it is being
/// built its id is known but its draft is still nil, which is what lets recursive grammars
/// terminate. ``build()`` then freezes the drafts into immutable ``Rule``s.
struct RuleBuilder {
    /// Everything a grammar keeps of its build.
    struct Result {
        /// Rules by id; id 0 is never used.
        var rules: [Rule?]
        var rootId: Int
        var injections: [Grammar.Injection]
        var diagnostics: [GrammarError]
    }

    let raw: RawGrammar
    let sources: Grammar.Sources
    var drafts: [RuleDraft?] = [nil]
    var idsByRaw: [ObjectIdentifier: (raw: RawRule, id: Int)] = [:]
    var includedGrammars: [String: Grammar.Context] = [:]
    /// How deeply `compiledRuleId` calls are nested.
    var nesting = 0
    var diagnostics: [GrammarError] = []
    private var reported: Set<GrammarError> = []

    var scopeName: String { raw.scopeName }

    init(raw: RawGrammar, sources: Grammar.Sources) {
        self.raw = raw
        self.sources = sources
    }

    /// Compiles the root and the injections, and freezes the rules.
    mutating func build() -> Result {
        var repository = raw.repository
        repository["$self"] = raw.rootRule
        repository["$base"] = raw.rootRule
        let context = Grammar.Context(scopeName: raw.scopeName, repository: repository)
        // The root is compiled first, at depth 0, so it is never left out.
        let rootId = compiledRuleId(raw.rootRule, context: context, path: "") ?? 0
        let injections = collectInjections(rootContext: context)
        return Result(rules: frozenRules(), rootId: rootId, injections: injections, diagnostics: diagnostics)
    }

    /// Records a diagnostic once.
    mutating func report(_ error: GrammarError) {
        guard reported.insert(error).inserted else { return }
        diagnostics.append(error)
    }

    /// The drafts as rules. Capture rules refer to no other rule object, so they are made
    /// first; every other rule then takes its capture rules by id.
    private func frozenRules() -> [Rule?] {
        var rules = [Rule?](repeating: nil, count: drafts.count)
        for case let draft? in drafts where draft.kind == .capture {
            rules[draft.id] = Rule(draft, captures: [], closingCaptures: [])
        }
        for case let draft? in drafts where draft.kind != .capture {
            rules[draft.id] = Rule(
                draft, captures: draft.captures.map { $0.flatMap { rules[$0] } },
                closingCaptures: draft.closingCaptures.map { $0.flatMap { rules[$0] } })
        }
        return rules
    }
}
