extension RuleBuilder {
    /// The rule id an entry of a pattern list stands for: the rule itself, or what its
    /// `include` names (`$self`, `$base`, `#name`, `scope`, `scope#name`).
    mutating func resolve(_ raw: RawRule, context: Grammar.Context, path: String) -> Int? {
        guard let include = raw.include else {
            return compiledRuleId(raw, context: context, path: path)
        }
        if include == "$self" || include == "$base" {
            guard let target = context.repository[include] else { return nil }
            return compiledRuleId(target, context: context, path: include + ".")
        }
        guard let sharp = include.firstIndex(of: "#") else {
            guard let external = externalContext(include, includer: context),
                let target = external.repository["$self"]
            else { return nil }
            return compiledRuleId(target, context: external, path: include + ".")
        }
        let ruleName = String(include[include.index(after: sharp)...])
        if sharp == include.startIndex {
            guard let target = context.repository[ruleName] else { return nil }
            return compiledRuleId(target, context: context, path: "repository.\(ruleName).")
        }
        let scope = String(include[..<sharp])
        // `scope#name` reads the external grammar's top-level repository.
        guard let external = externalContext(scope, includer: context),
            let target = external.repository[ruleName]
        else { return nil }
        return compiledRuleId(target, context: external, path: "\(scope)#repository.\(ruleName).")
    }

    /// The lexical context of an included grammar; its `$base` comes from the first includer.
    mutating func externalContext(_ scope: String, includer: Grammar.Context?) -> Grammar.Context? {
        if let known = includedGrammars[scope] { return known }
        guard let raw = sources.grammar(scope) else { return nil }
        var repository = raw.repository
        repository["$self"] = raw.rootRule
        repository["$base"] = includer?.repository["$base"] ?? raw.rootRule
        let context = Grammar.Context(scopeName: scope, repository: repository)
        includedGrammars[scope] = context
        return context
    }
}
