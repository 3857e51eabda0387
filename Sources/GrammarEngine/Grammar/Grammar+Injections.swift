extension Grammar {
    /// Collects the root grammar's injections (`Grammar._collectInjections`): its own
    /// `injections` map, then every grammar injected into the root scope through its
    /// `injectionSelector`; stably sorted by priority.
    func collectInjections(rootContext: Context) -> [Injection] {
        var result: [Injection] = []
        for (selector, rawRule) in raw.injections {
            let id = compiledRuleId(rawRule, context: rootContext, path: "injections[\(selector)].")
            for (matcher, priority) in ScopeSelector.parse(selector) {
                result.append(Injection(selector: selector, matcher: matcher, ruleId: id, priority: priority))
            }
        }
        for scope in sources.injections(raw.scopeName) {
            guard let context = externalContext(scope, includer: rootContext),
                let injected = sources.grammar(scope), let selector = injected.injectionSelector
            else { continue }
            let id = compiledRuleId(injected.rootRule, context: context, path: "\(scope).")
            for (matcher, priority) in ScopeSelector.parse(selector) {
                result.append(Injection(selector: selector, matcher: matcher, ruleId: id, priority: priority))
            }
        }
        // Swift's sort is not stable; sort by (priority, original position).
        return result.enumerated().sorted {
            ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset)
        }.map(\.element)
    }
}
