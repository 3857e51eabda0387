extension LineTokenizer {
    /// Emits tokens for a match's captures (`handleCaptures`).
    ///
    /// Groups are visited in index order; an enclosing capture's scopes stay on a local stack
    /// until a later group starts at or after its end (groups are assumed to nest). A capture
    /// with patterns is retokenized on `line[..<end]` from its start, with no while check, no
    /// time limit and no `\G`; groups nested inside it are lost, as in vscode-textmate.
    ///
    /// `scopes` are the frame's content scopes; `frame` is evaluated only for a capture that is
    /// retokenized, whose stack it becomes the parent of.
    mutating func handleCaptures(
        length: Int, isFirstLine: Bool, scopes: ScopeStack, frame: @autoclosure () -> RuleStack,
        captures: borrowing ReferenceTable<Rule>, match: PatternMatch
    ) {
        guard !captures.isEmpty else { return }
        let count = min(captures.count, match.groupCount)
        // This call's open captures live above `base` on the tokenizer's shared stack, so a
        // match with named captures allocates nothing; retokenized captures nest above them.
        let base = openCaptures.count
        let maxEnd = match.end
        for index in 0..<count {
            guard let unowned = captures[index], let range = match.range(index), !range.isEmpty else {
                continue
            }
            if range.lowerBound > maxEnd { break }
            // The rule's capture table owns the capture.
            unowned.read { capture in
                handleCapture(
                    capture, range: range, length: length, isFirstLine: isFirstLine, scopes: scopes,
                    frame: frame,
                    match: match, base: base)
            }
        }
        while openCaptures.count > base {
            let top = openCaptures.removeLast()
            collector.produce(top.scopes, until: top.end)
        }
    }

    /// One group of `handleCaptures`: closes the open captures it starts after, then
    /// retokenizes the group or opens its scope.
    private mutating func handleCapture(
        _ capture: Rule, range: Range<Int>, length: Int, isFirstLine: Bool, scopes: ScopeStack,
        frame: () -> RuleStack, match: PatternMatch, base: Int
    ) {
        var top: (scopes: ScopeStack, end: Int)? { openCaptures.count > base ? openCaptures.last : nil }
        while let top, top.end <= range.lowerBound {
            collector.produce(top.scopes, until: top.end)
            openCaptures.removeLast()
        }
        if let top {
            collector.produce(top.scopes, until: range.lowerBound)
        } else {
            collector.produce(scopes, until: range.lowerBound)
        }
        if let retokenizeId = capture.retokenizeCapturedWithRuleId, captureDepth < Self.maxCaptureDepth {
            let nameScopes = push(
                capture.name, key: 2 * capture.id, match: match, onto: scopes)
            let contentScopes = push(
                capture.contentName, key: 2 * capture.id + 1, match: match, onto: nameScopes)
            let pushed = frame().push(
                ruleId: retokenizeId, enterPos: range.lowerBound, anchorPos: -1,
                beginRuleCapturedEOL: false,
                endRule: nil, nameScopes: nameScopes, contentScopes: contentScopes)
            captureDepth += 1
            let lineCache = workspace.scan.cache
            workspace.scan.cache = workspace.scan.nestedCache(depth: captureDepth)
            defer {
                workspace.scan.cache = lineCache
                captureDepth -= 1
            }
            _ = tokenizeString(
                length: range.upperBound, isFirstLine: isFirstLine && range.lowerBound == 0,
                linePos: range.lowerBound, stack: pushed, checkWhileConditions: false, timeLimited: false)
            return
        }
        if let name = capture.name {
            let enclosing = top?.scopes ?? scopes
            openCaptures.append(
                (push(name, key: 2 * capture.id, match: match, onto: enclosing), range.upperBound))
        }
    }
}
