extension Grammar {
    /// The id of the compiled rule for `raw`, compiling it on first reference in `context`.
    ///
    /// As in vscode-textmate, the id is cached per raw rule, so a rule is compiled once, in
    /// the lexical context of its first reference. While a rule is being built its id is
    /// known but `rule(id)` is still nil, which is what lets recursive grammars terminate.
    ///
    /// Compiling recurses through each rule's children; past ``Limits/ruleNesting`` levels the
    /// rule is left out (nil) and reported, and a later, shallower reference may still compile it.
    func compiledRuleId(_ raw: RawRule, context: Context, path: String) -> Int? {
        if let known = ruleIdsByRaw[ObjectIdentifier(raw)] { return known.id }
        guard ruleNesting < Limits.ruleNesting else {
            report(
                .limitExceeded(
                    grammar: scopeName, rulePath: path,
                    message: "rules nest more than \(Limits.ruleNesting) levels deep"))
            return nil
        }
        ruleNesting += 1
        defer { ruleNesting -= 1 }
        let id = rules.count
        rules.append(nil)
        ruleIdsByRaw[ObjectIdentifier(raw)] = (raw, id)
        rules[id] = buildRule(raw, id: id, context: context, path: path)
        return id
    }

    private func buildRule(_ raw: RawRule, id: Int, context: Context, path: String) -> Rule {
        if let match = raw.match, !match.isEmpty {
            let rule = Rule(id: id, kind: .match, name: raw.name, contentName: nil, path: path)
            rule.match = RegexSource(match, rulePath: path + "match")
            rule.captures = compileCaptures(raw.captures, context: context, path: path + "captures")
            return rule
        }
        guard let begin = raw.begin else {
            var context = context
            if let repository = raw.repository {
                context.repository.merge(repository) { _, inner in inner }
            }
            var patterns = raw.patterns
            if patterns == nil, let include = raw.include {
                patterns = [RawRule(include: include)]
            }
            let rule = Rule(
                id: id, kind: .includeOnly, name: raw.name, contentName: raw.contentName, path: path)
            (rule.patterns, rule.hasMissingPatterns) = compilePatterns(patterns, context: context, path: path)
            return rule
        }
        if let whilePattern = raw.whilePattern, !whilePattern.isEmpty {
            let rule = Rule(
                id: id, kind: .beginWhile, name: raw.name, contentName: raw.contentName, path: path)
            rule.match = RegexSource(begin, rulePath: path + "begin")
            rule.captures = compileCaptures(
                raw.beginCaptures ?? raw.captures, context: context, path: path + "beginCaptures")
            rule.whileSource = RegexSource(whilePattern, rulePath: path + "while")
            rule.whileCaptures = compileCaptures(
                raw.whileCaptures ?? raw.captures, context: context, path: path + "whileCaptures")
            (rule.patterns, rule.hasMissingPatterns) = compilePatterns(
                raw.patterns, context: context, path: path)
            return rule
        }
        let rule = Rule(id: id, kind: .beginEnd, name: raw.name, contentName: raw.contentName, path: path)
        rule.match = RegexSource(begin, rulePath: path + "begin")
        rule.captures = compileCaptures(
            raw.beginCaptures ?? raw.captures, context: context, path: path + "beginCaptures")
        // A missing end is '' and matches at once (vscode-textmate since 2026, "Issue #251").
        rule.end = RegexSource(raw.end ?? "", rulePath: path + "end")
        rule.endCaptures = compileCaptures(
            raw.endCaptures ?? raw.captures, context: context, path: path + "endCaptures")
        rule.applyEndPatternLast = raw.applyEndPatternLast
        (rule.patterns, rule.hasMissingPatterns) = compilePatterns(raw.patterns, context: context, path: path)
        return rule
    }

    private func compileCaptures(_ captures: [Int: RawRule]?, context: Context, path: String) -> [Rule?] {
        guard let captures, let maximum = captures.keys.max() else { return [] }
        var result = [Rule?](repeating: nil, count: maximum + 1)
        for (index, raw) in captures.sorted(by: { $0.key < $1.key }) {
            let capturePath = "\(path).\(index)."
            var retokenizeId: Int?
            if raw.patterns != nil {
                retokenizeId = compiledRuleId(raw, context: context, path: capturePath)
            }
            let id = rules.count
            let rule = Rule(
                id: id, kind: .capture, name: raw.name, contentName: raw.contentName, path: capturePath)
            rule.retokenizeCapturedWithRuleId = retokenizeId
            rules.append(rule)
            result[index] = rule
        }
        return result
    }

    /// Resolves a pattern list; unresolved includes are dropped and reported as missing.
    private func compilePatterns(
        _ patterns: [RawRule]?, context: Context, path: String
    ) -> (ids: [Int], hasMissingPatterns: Bool) {
        guard let patterns else { return ([], false) }
        var ids: [Int] = []
        for (index, raw) in patterns.enumerated() {
            let childPath = "\(path)patterns[\(index)]."
            guard let id = resolve(raw, context: context, path: childPath) else { continue }
            // A referenced rule left with nothing because of missing grammars is removed.
            if let rule = rule(id), rule.kind != .match, rule.kind != .capture,
                rule.hasMissingPatterns, rule.patterns.isEmpty
            {
                continue
            }
            ids.append(id)
        }
        return (ids, ids.count != patterns.count)
    }

    private func resolve(_ raw: RawRule, context: Context, path: String) -> Int? {
        guard let include = raw.include else {
            return compiledRuleId(raw, context: context, path: path)
        }
        if include == "$self" || include == "$base" {
            return context.repository[include].flatMap {
                compiledRuleId($0, context: context, path: include + ".")
            }
        }
        guard let sharp = include.firstIndex(of: "#") else {
            guard let external = externalContext(include, includer: context) else { return nil }
            return external.repository["$self"].flatMap {
                compiledRuleId($0, context: external, path: include + ".")
            }
        }
        let ruleName = String(include[include.index(after: sharp)...])
        if sharp == include.startIndex {
            return context.repository[ruleName].flatMap {
                compiledRuleId($0, context: context, path: "repository.\(ruleName).")
            }
        }
        let scope = String(include[..<sharp])
        guard let external = externalContext(scope, includer: context) else { return nil }
        // `scope#name` reads the external grammar's top-level repository.
        return external.repository[ruleName].flatMap {
            compiledRuleId($0, context: external, path: "\(scope)#repository.\(ruleName).")
        }
    }

    /// The lexical context of an included grammar; its `$base` comes from the first includer.
    func externalContext(_ scope: String, includer: Context?) -> Context? {
        if let known = includedGrammars[scope] { return known }
        guard let raw = sources.grammar(scope) else { return nil }
        var repository = raw.repository
        repository["$self"] = raw.rootRule
        repository["$base"] = includer?.repository["$base"] ?? raw.rootRule
        let context = Context(scopeName: scope, repository: repository)
        includedGrammars[scope] = context
        return context
    }
}
