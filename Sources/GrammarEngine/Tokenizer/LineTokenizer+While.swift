extension LineTokenizer {
    /// Checks the begin/while frames at the start of a line, outermost first
    /// (`_checkWhileConditions`).
    ///
    /// Each while pattern is searched from the current position, not anchored. A match emits its
    /// tokens and moves the position and the anchor; a failure cuts the stack below that frame
    /// and stops the checks.
    mutating func checkWhile(
        length: Int, generation: Int, isFirstLine firstLine: Bool, linePos startPos: Int,
        stack startStack: RuleStack
    ) -> (RuleStack, Int, Int, Bool) {
        var stack = startStack
        var linePos = startPos
        var isFirstLine = firstLine
        var anchorPosition = stack.beginRuleCapturedEOL ? 0 : -1
        var whileFrames: [(rule: Rule, frame: RuleStack)] = []
        var node: RuleStack? = stack
        while let frame = node {
            if let rule = grammar.rule(frame.ruleId), rule.kind == .beginWhile {
                whileFrames.append((rule, frame))
            }
            node = frame.parent
        }
        for (rule, frame) in whileFrames.reversed() {
            let pattern = grammar.closingPattern(
                rule, resolved: frame.endRule, Anchors(allowA: isFirstLine, allowG: linePos == anchorPosition)
            )
            let scanner = PatternScanner(single: Unowned(pattern))
            guard
                let (_, match) = withExtendedLifetime(
                    pattern,
                    {
                        scanner.scan(
                            line, length: length, from: linePos, generation: generation, workspace: workspace)
                    })
            else {
                stack = frame.parent ?? frame
                lowestDepth = min(lowestDepth, stack.depth)
                break
            }
            collector.produce(frame, until: match.start)
            handleCaptures(
                length: length, isFirstLine: isFirstLine, scopes: frame.contentScopes, frame: frame,
                captures: rule.closingCaptures, match: match)
            collector.produce(frame, until: match.end)
            anchorPosition = match.end
            if match.end > linePos {
                linePos = match.end
                isFirstLine = false
            }
        }
        return (stack, linePos, anchorPosition, isFirstLine)
    }
}
