extension LineTokenizer {
    /// The next match of the top rule's list or of an injection (`matchRuleOrInjections`).
    ///
    /// An injection wins when it starts strictly earlier, or at the same position with `L:`.
    mutating func matchRuleOrInjections(
        length: Int, generation: Int, isFirstLine: Bool, linePos: Int, stack: RuleStack, anchorPosition: Int
    ) -> (ruleId: Int, match: PatternMatch)? {
        let anchors = Anchors(allowA: isFirstLine, allowG: linePos == anchorPosition)
        let normal = matchRule(
            length: length, generation: generation, anchors, linePos: linePos, stack: stack)
        guard grammar.hasInjections else { return normal }
        let injections = grammar.injections
        let mask = grammar.injectionMask(under: stack.contentScopes)
        let scopes = mask == nil ? stack.contentScopes.scopeNames : []
        var best: (ruleId: Int, match: PatternMatch, priority: Int)?
        for (index, injection) in injections.enumerated() {
            if let mask {
                guard mask & (1 << UInt64(index)) != 0 else { continue }
            } else {
                guard injection.matcher(scopes) else { continue }
            }
            guard let rule = grammar.rule(injection.ruleId) else { continue }
            let list = grammar.compiledList(rule, anchors)
            let scanner = PatternScanner(list: Unowned(list))
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
    /// The rule and its list are read unowned (the grammar owns both): retaining and
    /// releasing them around every scan was a visible share of the profile.
    func matchRule(
        length: Int, generation: Int, _ anchors: Anchors, linePos: Int, stack: RuleStack
    ) -> (ruleId: Int, match: PatternMatch)? {
        guard let unownedRule = grammar.unownedRule(stack.ruleId) else { return nil }
        return unownedRule.read { rule in
            let list = grammar.unownedCompiledList(rule, anchors)
            var scanner = PatternScanner(list: list)
            // A resolved or lazily compiled end is held here for the scan; a plain end's
            // pattern is owned by its source.
            var retainedEnd: Pattern?
            if rule.kind == .beginEnd {
                if stack.endRule == nil, let end = rule.unownedClosing,
                    let compiled = end.read({ $0.hasBackReferences ? nil : $0.unownedCompiled(anchors) })
                {
                    scanner.extra = PatternScanner.Slot(compiled, firstIndex: -1)
                } else {
                    let closing = grammar.closingPattern(rule, resolved: stack.endRule, anchors)
                    retainedEnd = closing
                    scanner.extra = PatternScanner.Slot(Unowned(closing), firstIndex: -1)
                }
                scanner.extraFirst = !rule.applyEndPatternLast
            }
            let found = withExtendedLifetime(retainedEnd) {
                scanner.scan(
                    line, length: length, from: linePos, generation: generation, workspace: workspace)
            }
            guard let (index, match) = found else { return nil }
            return (index.map { index in list.read { $0.ruleId(at: index) } } ?? Rule.endRuleId, match)
        }
    }
}
