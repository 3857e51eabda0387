import Dispatch

/// Runs vscode-textmate's `_tokenizeString` over one line's UTF-8 bytes (with its `\n`).
///
/// Offsets are UTF-8 byte offsets into `line`. A capture with patterns is retokenized on the
/// same buffer with a shorter subject length, which is what `$` and `\z` must see.
struct LineTokenizer {
    let grammar: Grammar
    let line: UnsafeBufferPointer<UInt8>
    let workspace: MatchWorkspace
    var collector = LineTokenCollector()
    /// Monotonic deadline in nanoseconds, checked before every eighth scan of the top-level
    /// call.
    let deadline: UInt64?
    /// Whether the deadline is also checked before the first scan (for budgets shorter than
    /// a line's set-up).
    var checksFirstScan = false
    /// The scopes of named captures still open, with their ends (see `handleCaptures`).
    var openCaptures: [(scopes: ScopeStack, end: Int)] = []
    /// How many captures are being retokenized inside each other.
    var captureDepth = 0
    /// The fewest frames the stack had at any point of the line: frames above it at the
    /// line's start were closed on the line, frames above it at its end were opened on it
    /// (both, for a block closed and another opened on one line, `} else {`). What folding
    /// reads; the end states alone cannot tell a block that goes on from one begun again.
    var lowestDepth = Int.max
    /// Whether scope pushes go through the workspace's memo (`SearchShortcuts.scopeMemo`).
    let usesScopeMemo: Bool

    /// Deeper capture retokenization is skipped: a capture whose patterns match the capture
    /// itself again would otherwise recurse until the stack overflows.
    static let maxCaptureDepth = 32
    /// Pushing beyond this many frames ends the line, as the loop guards do; no real grammar
    /// nests this deep, and it bounds memory for hostile ones.
    static let maxStackDepth = 4_096

    init(grammar: Grammar, line: UnsafeBufferPointer<UInt8>, workspace: MatchWorkspace, deadline: UInt64?) {
        self.grammar = grammar
        self.line = line
        self.workspace = workspace
        self.deadline = deadline
        usesScopeMemo = grammar.configuration.shortcuts.contains(.scopeMemo)
    }

    /// Tokenizes `line[linePos..<length]` from `stack`; returns the end stack and whether the
    /// deadline stopped it.
    mutating func tokenizeString(
        length: Int, isFirstLine firstLine: Bool, linePos startPos: Int, stack startStack: RuleStack,
        checkWhileConditions: Bool, timeLimited: Bool
    ) -> (stack: RuleStack, stoppedEarly: Bool) {
        var stack = startStack
        var linePos = startPos
        var isFirstLine = firstLine
        var anchorPosition = -1
        lowestDepth = min(lowestDepth, startStack.depth)
        let generation = workspace.scan.cache.beginSubject()
        if checkWhileConditions && grammar.hasWhileRules {
            (stack, linePos, anchorPosition, isFirstLine) = checkWhile(
                length: length, generation: generation, isFirstLine: isFirstLine, linePos: linePos,
                stack: stack)
        } else if checkWhileConditions {
            // What the while check does besides checking: a begin that consumed the previous
            // line's end leaves \G live at the start of this one.
            anchorPosition = stack.beginRuleCapturedEOL ? 0 : -1
        }
        var scans = 0
        // The clock is read every eighth scan: reading it on every one cost more than the
        // budget's precision is worth. The first reading comes after eight scans too, unless
        // the budget is shorter than setting up the line takes: most lines need fewer, and a
        // reading right after the deadline was set was one clock call per line for nothing.
        var nextCheck = checksFirstScan ? 1 : 8
        while true {
            scans &+= 1
            if timeLimited, scans == nextCheck, let deadline {
                nextCheck &+= 8
                if DispatchTime.now().uptimeNanoseconds > deadline { return (stack, true) }
            }
            guard
                let (ruleId, match) = matchRuleOrInjections(
                    length: length, generation: generation, isFirstLine: isFirstLine, linePos: linePos,
                    stack: stack, anchorPosition: anchorPosition)
            else {
                collector.produce(stack, until: length)
                return (stack, false)
            }
            let hasAdvanced = match.end > linePos
            if ruleId == Rule.endRuleId {
                // The end of the top begin/end rule: pop it.
                let popped = stack
                collector.produce(stack, until: match.start)
                stack = stack.with(contentScopes: stack.nameScopes)
                if let poppedRule = grammar.unownedRule(popped.ruleId) {
                    let frame = stack
                    poppedRule.read { rule in
                        guard !rule.closingCaptures.isEmpty else { return }
                        handleCaptures(
                            length: length, isFirstLine: isFirstLine, scopes: frame.contentScopes,
                            frame: frame,
                            captures: rule.closingCaptures, match: match)
                    }
                }
                collector.produce(stack, until: match.end)
                stack = stack.parent ?? stack
                anchorPosition = popped.anchorPos
                if !hasAdvanced && popped.enterPos == linePos {
                    // Guard [1]: pushed and popped without advancing; stay in the rule.
                    stack = popped
                    collector.produce(stack, until: length)
                    return (stack, false)
                }
                lowestDepth = min(lowestDepth, stack.depth)
            } else if let unowned = grammar.unownedRule(ruleId) {
                // Unowned: a reference taken on every match is a count that every thread
                // tokenizing with the grammar writes to.
                let stops = unowned.read { rule in
                    apply(
                        rule, ruleId: ruleId, match: match, length: length, isFirstLine: isFirstLine,
                        linePos: linePos,
                        stack: &stack, anchorPosition: &anchorPosition)
                }
                if stops { return (stack, false) }
            } else {
                collector.produce(stack, until: length)
                return (stack, false)
            }
            if match.end > linePos {
                linePos = match.end
                isFirstLine = false
            }
            var finished = consume match
            workspace.scratch.recycle(&finished)
        }
    }
}

extension LineTokenizer {
    /// `Grammar.push` for a rule's name (`key` is 2 × rule id, + 1 for `contentName`), through
    /// the workspace's memo when the name has no placeholders and the parent is interned.
    @inline(__always)
    func push(_ template: NameTemplate?, key: Int, match: PatternMatch, onto scopes: ScopeStack)
        -> ScopeStack
    {
        guard let template else { return scopes }
        guard usesScopeMemo, !template.hasCaptures, scopes.isInterned else {
            return grammar.push(template, line: line, match: match, onto: scopes)
        }
        let memo = workspace.scratch.scopeMemo
        if let known = memo.lookup(scopes, key: key) { return known }
        let pushed = grammar.push(template, line: line, match: match, onto: scopes)
        if pushed.isInterned { memo.store(scopes, key: key, result: pushed) }
        return pushed
    }
}

extension LineTokenizer {
    /// Applies the match of a rule of the top frame's list: pushes a begin rule's frame or
    /// emits a match rule's tokens. Returns whether the line ends here (a loop guard tripped).
    mutating func apply(
        _ rule: Rule, ruleId: Int, match: PatternMatch, length: Int, isFirstLine: Bool, linePos: Int,
        stack: inout RuleStack, anchorPosition: inout Int
    ) -> Bool {
        let hasAdvanced = match.end > linePos
        collector.produce(stack, until: match.start)
        let nameScopes = push(rule.name, key: 2 * ruleId, match: match, onto: stack.contentScopes)
        switch rule.kind {
        case .beginEnd, .beginWhile:
            // The frame is made once, with its content scopes and resolved end; only begin
            // captures need the frame as it stands before `contentName` (vscode retokenizes
            // them inside it), and most begin rules have none.
            if !rule.captures.isEmpty {
                handleCaptures(
                    length: length, isFirstLine: isFirstLine, scopes: nameScopes,
                    frame: stack.push(
                        ruleId: ruleId, enterPos: linePos, anchorPos: anchorPosition,
                        beginRuleCapturedEOL: match.end == length, endRule: nil, nameScopes: nameScopes,
                        contentScopes: nameScopes),
                    captures: rule.captures, match: match)
            }
            collector.produce(nameScopes, until: match.end)
            let contentScopes = push(rule.contentName, key: 2 * ruleId + 1, match: match, onto: nameScopes)
            // Unowned, as the rule is: the rule owns its closing source.
            let resolvedEnd = rule.unownedClosing?.read {
                $0.hasBackReferences ? $0.resolvingBackReferences(in: line, match: match) : nil
            }
            let pushed = stack.push(
                ruleId: ruleId, enterPos: linePos, anchorPos: anchorPosition,
                beginRuleCapturedEOL: match.end == length, endRule: resolvedEnd, nameScopes: nameScopes,
                contentScopes: contentScopes)
            anchorPosition = match.end
            if (!hasAdvanced && stack.hasSameRule(as: pushed)) || pushed.depth > Self.maxStackDepth {
                // Guards [2] and [3]: the same rule pushed again without advancing; the frame
                // is not entered.
                collector.produce(stack, until: length)
                return true
            }
            stack = pushed
        default:
            // A match rule's frame is pushed and popped around its captures; it is only
            // made when a capture is retokenized inside it. Most match rules have no
            // captures, and skipping the call spares the references its arguments take.
            if !rule.captures.isEmpty {
                let enterPos = linePos
                let anchorPos = anchorPosition
                let parent = stack
                handleCaptures(
                    length: length, isFirstLine: isFirstLine, scopes: nameScopes,
                    frame: parent.push(
                        ruleId: ruleId, enterPos: enterPos, anchorPos: anchorPos,
                        beginRuleCapturedEOL: match.end == length, endRule: nil,
                        nameScopes: nameScopes,
                        contentScopes: nameScopes),
                    captures: rule.captures, match: match)
            }
            collector.produce(nameScopes, until: match.end)
            if !hasAdvanced {
                // Guard [4]: a match rule that does not advance; leave the enclosing rule too.
                stack = stack.safePop()
                collector.produce(stack, until: length)
                return true
            }
        }
        return false
    }
}
