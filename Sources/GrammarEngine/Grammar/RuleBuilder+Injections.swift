extension RuleBuilder {
    /// Collects the root grammar's injections (`Grammar._collectInjections`): its own
    /// `injections` map, then every grammar injected into the root scope through its
    /// `injectionSelector`; stably sorted by priority.
    mutating func collectInjections(rootContext: Grammar.Context) -> [Grammar.Injection] {
        var result: [Grammar.Injection] = []
        for (selector, rawRule) in raw.injections {
            guard let matchers = matchers(selector, grammar: scopeName),
                let id = compiledRuleId(rawRule, context: rootContext, path: "injections[\(selector)].")
            else { continue }
            for (matcher, priority) in matchers {
                result.append(.init(selector: selector, matcher: matcher, ruleId: id, priority: priority))
            }
        }
        for scope in sources.injections(raw.scopeName) {
            guard let context = externalContext(scope, includer: rootContext),
                let injected = sources.grammar(scope), let selector = injected.injectionSelector,
                let matchers = matchers(selector, grammar: scope),
                let id = compiledRuleId(injected.rootRule, context: context, path: "\(scope).")
            else { continue }
            for (matcher, priority) in matchers {
                result.append(.init(selector: selector, matcher: matcher, ruleId: id, priority: priority))
            }
        }
        // Swift's sort is not stable; sort by (priority, original position).
        return result.enumerated().sorted {
            ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset)
        }.map(\.element)
    }

    /// The matchers of an injection selector, or nil (reported) when it cannot be used.
    private mutating func matchers(
        _ selector: String, grammar: String
    ) -> [(matcher: ScopeSelector.Matcher, priority: Int)]? {
        do {
            return try ScopeSelector.parseChecked(selector)
        } catch {
            report(.invalidSelector(grammar: grammar, selector: selector, message: "\(error)"))
            return nil
        }
    }
}
