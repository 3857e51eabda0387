extension LineTokenizer {
    /// The next match of the top rule's list or of an injection (`matchRuleOrInjections`).
    ///
    /// An injection wins when it starts strictly earlier, or at the same position with `L:`.
    mutating func matchRuleOrInjections(
        length: Int, generation: Int, isFirstLine: Bool, linePos: Int, stack: RuleStack, anchorPosition: Int
    ) -> (ruleId: Int, match: PatternMatch)? {
        let allowG = linePos == anchorPosition
        let normal = matchRule(
            length: length, generation: generation, allowA: isFirstLine, allowG: allowG, linePos: linePos,
            stack: stack)
        guard grammar.hasInjections else { return normal }
        let injections = grammar.injections
        let scopes = stack.contentScopes.scopeNames
        var best: (ruleId: Int, match: PatternMatch, priority: Int)?
        for injection in injections where injection.matcher(scopes) {
            guard let rule = grammar.rule(injection.ruleId) else { continue }
            let list = grammar.compiledList(rule, allowA: isFirstLine, allowG: allowG)
            let scanner = PatternScanner(list: Unmanaged.passUnretained(list))
            guard
                let (found, match) = withExtendedLifetime(
                    list,
                    {
                        scanner.scan(
                            line, length: length, from: linePos, generation: generation, workspace: workspace)
                    }),
                let index = found
            else { continue }
            if let best, match.start >= best.match.start { continue }
            best = (list.ruleId(at: index), match, injection.priority)
            if match.start == linePos { break }
        }
        guard let best else { return normal }
        guard let normal else { return (best.ruleId, best.match) }
        if best.match.start < normal.match.start
            || (best.priority == -1 && best.match.start == normal.match.start)
        {
            return (best.ruleId, best.match)
        }
        return normal
    }

    /// The next match of the top frame's rule list, with its end pattern first or last.
    ///
    /// The rule and its list are read without taking references (the grammar keeps both alive):
    /// retaining and releasing them around every scan was a visible share of the profile.
    func matchRule(
        length: Int, generation: Int, allowA: Bool, allowG: Bool, linePos: Int, stack: RuleStack
    ) -> (ruleId: Int, match: PatternMatch)? {
        guard let unretainedRule = grammar.unretainedRule(stack.ruleId) else { return nil }
        return unretainedRule._withUnsafeGuaranteedRef { rule in
            let list = grammar.unretainedCompiledList(rule, allowA: allowA, allowG: allowG)
            var scanner = PatternScanner(list: list)
            // A resolved or lazily compiled end is held here for the scan; a plain end's
            // pattern is kept alive by its source.
            var retainedEnd: Pattern?
            if rule.kind == .beginEnd {
                if stack.endRule == nil, let end = rule.unretainedEnd,
                    let compiled = end._withUnsafeGuaranteedRef({
                        $0.hasBackReferences ? nil : $0.unretainedCompiled(allowA: allowA, allowG: allowG)
                    })
                {
                    scanner.extra = PatternScanner.Slot(unretained: compiled, firstIndex: -1)
                } else {
                    let closing = grammar.closingPattern(
                        rule, resolved: stack.endRule, allowA: allowA, allowG: allowG)
                    retainedEnd = closing
                    scanner.extra = PatternScanner.Slot(
                        unretained: Unmanaged.passUnretained(closing), firstIndex: -1)
                }
                scanner.extraFirst = !rule.applyEndPatternLast
            }
            let found = withExtendedLifetime(retainedEnd) {
                scanner.scan(
                    line, length: length, from: linePos, generation: generation, workspace: workspace)
            }
            guard let (index, match) = found else { return nil }
            return (
                index.map { index in list._withUnsafeGuaranteedRef { $0.ruleId(at: index) } }
                    ?? Rule.endRuleId,
                match
            )
        }
    }
}
