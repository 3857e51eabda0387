extension RuleBuilder {
    /// The id of the compiled rule for `raw`, compiling it on first reference in `context`.
    ///
    /// Compiling recurses through each rule's children; past ``Grammar/Limits/ruleNesting``
    /// levels the rule is left out (nil) and reported, and a later, shallower reference may
    /// still compile it.
    mutating func compiledRuleId(_ raw: RawRule, context: Grammar.Context, path: String) -> Int? {
        if let known = idsByRaw[ObjectIdentifier(raw)] { return known.id }
        guard nesting < Grammar.Limits.ruleNesting else {
            report(
                .limitExceeded(
                    grammar: scopeName, rulePath: path,
                    message: "rules nest more than \(Grammar.Limits.ruleNesting) levels deep"))
            return nil
        }
        nesting += 1
        defer { nesting -= 1 }
        let id = drafts.count
        drafts.append(nil)
        idsByRaw[ObjectIdentifier(raw)] = (raw, id)
        drafts[id] = draft(raw, id: id, context: context, path: path)
        return id
    }

    private mutating func draft(_ raw: RawRule, id: Int, context: Grammar.Context, path: String) -> RuleDraft
    {
        if let match = raw.match, !match.isEmpty {
            var rule = RuleDraft(id: id, kind: .match, name: raw.name, contentName: nil, path: path)
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
            var rule = RuleDraft(
                id: id, kind: .includeOnly, name: raw.name, contentName: raw.contentName, path: path)
            (rule.patterns, rule.hasMissingPatterns) = compilePatterns(patterns, context: context, path: path)
            return rule
        }
        let isWhile = raw.whilePattern.map { !$0.isEmpty } ?? false
        var rule = RuleDraft(
            id: id, kind: isWhile ? .beginWhile : .beginEnd, name: raw.name, contentName: raw.contentName,
            path: path)
        rule.match = RegexSource(begin, rulePath: path + "begin")
        rule.captures = compileCaptures(
            raw.beginCaptures ?? raw.captures, context: context, path: path + "beginCaptures")
        if isWhile, let whilePattern = raw.whilePattern {
            rule.closing = RegexSource(whilePattern, rulePath: path + "while")
            rule.closingCaptures = compileCaptures(
                raw.whileCaptures ?? raw.captures, context: context, path: path + "whileCaptures")
        } else {
            // A missing end is '' and matches at once (vscode-textmate since 2026, "Issue #251").
            rule.closing = RegexSource(raw.end ?? "", rulePath: path + "end")
            rule.closingCaptures = compileCaptures(
                raw.endCaptures ?? raw.captures, context: context, path: path + "endCaptures")
            rule.applyEndPatternLast = raw.applyEndPatternLast
        }
        (rule.patterns, rule.hasMissingPatterns) = compilePatterns(raw.patterns, context: context, path: path)
        return rule
    }

    /// Drafts a capture rule per group; returns their ids by group.
    private mutating func compileCaptures(_ captures: [Int: RawRule]?, context: Grammar.Context, path: String)
        -> [Int?]
    {
        guard let captures, let maximum = captures.keys.max() else { return [] }
        var result = [Int?](repeating: nil, count: maximum + 1)
        for (index, raw) in captures.sorted(by: { $0.key < $1.key }) {
            let capturePath = "\(path).\(index)."
            var retokenizeId: Int?
            if raw.patterns != nil {
                retokenizeId = compiledRuleId(raw, context: context, path: capturePath)
            }
            let id = drafts.count
            var rule = RuleDraft(
                id: id, kind: .capture, name: raw.name, contentName: raw.contentName, path: capturePath)
            rule.retokenizeCapturedWithRuleId = retokenizeId
            drafts.append(rule)
            result[index] = id
        }
        return result
    }

    /// Resolves a pattern list; unresolved includes are dropped and reported as missing.
    private mutating func compilePatterns(
        _ patterns: [RawRule]?, context: Grammar.Context, path: String
    ) -> (ids: [Int], hasMissingPatterns: Bool) {
        guard let patterns else { return ([], false) }
        var ids: [Int] = []
        for (index, raw) in patterns.enumerated() {
            let childPath = "\(path)patterns[\(index)]."
            guard let id = resolve(raw, context: context, path: childPath) else { continue }
            // A referenced rule left with nothing because of missing grammars is removed.
            if let rule = drafts[id], rule.kind != .match, rule.kind != .capture,
                rule.hasMissingPatterns, rule.patterns.isEmpty
            {
                continue
            }
            ids.append(id)
        }
        return (ids, ids.count != patterns.count)
    }
}
