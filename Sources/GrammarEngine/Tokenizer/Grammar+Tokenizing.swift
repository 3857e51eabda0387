import Dispatch

extension Grammar {
    /// The state before the document's first line: the root rule with the root scope.
    public var initialState: RuleStack {
        let root = interner.scope(rule(rootId)?.name?.text ?? "unknown", parent: nil)
        return interner.canonical(
            RuleStack(
                parent: nil, ruleId: rootId, enterPos: -1, anchorPos: -1, beginRuleCapturedEOL: false,
                endRule: nil,
                nameScopes: root, contentScopes: root, isCanonical: false))
    }

    /// Pushes a rule name onto scopes; a name with spaces pushes one scope per word
    /// (`AttributedScopeStack.pushAttributed`).
    func push(_ name: String?, onto scopes: ScopeStack) -> ScopeStack {
        guard let name else { return scopes }
        guard name.utf8.contains(UInt8(ascii: " ")) else { return interner.scope(name, parent: scopes) }
        var result = scopes
        for part in name.split(separator: " ", omittingEmptySubsequences: false) {
            result = interner.scope(String(part), parent: result)
        }
        return result
    }

    /// Pushes a rule's name for a match; names without placeholders were split once at load.
    func push(
        _ template: NameTemplate?, line: UnsafeBufferPointer<UInt8>, match: PatternMatch,
        onto scopes: ScopeStack
    ) -> ScopeStack {
        guard let template else { return scopes }
        guard template.hasCaptures else {
            var result = scopes
            for (part, hash) in zip(template.scopes, template.scopeHashes) {
                result = interner.scope(part, nameHash: hash, parent: result)
            }
            return result
        }
        return push(template.resolve(line: line, match: match), onto: scopes)
    }

    /// Tokenizes one line (without its line terminator) from the previous line's end state;
    /// pass nil for the document's first line.
    public func tokenizeLine(_ line: String, state: RuleStack?) -> LineTokenization {
        var line = line
        return line.withUTF8 { tokenizeLine(utf8: $0, state: state) }
    }

    /// Tokenizes one line given as UTF-8 bytes (without its line terminator).
    ///
    /// Token offsets are UTF-8 offsets into the line. The line is tokenized as `line + "\n"`,
    /// as vscode-textmate does, so patterns may consume the newline; a last token holding only
    /// the newline is dropped, and a line with no token gets one with the end state's scopes.
    public func tokenizeLine(
        utf8 bytes: UnsafeBufferPointer<UInt8>, state: RuleStack?, workspace: MatchWorkspace = .current
    ) -> LineTokenization {
        var tokens: [LineToken] = []
        // One allocation for a typical line instead of growing from empty (about one token
        // per three or four bytes of code).
        tokens.reserveCapacity(min(256, bytes.count / 4 + 5))
        let end = tokenizeLine(utf8: bytes, state: state, workspace: workspace, into: &tokens)
        return LineTokenization(
            tokens: tokens, endState: end.state, stoppedEarly: end.stoppedEarly, truncated: end.truncated,
            limitHits: end.limitHits, lowestDepth: end.lowestDepth)
    }

    /// How a line tokenized into a caller's array ended (`LineTokenization` without the tokens).
    struct LineEnd {
        var state: RuleStack
        var stoppedEarly: Bool
        var truncated: Bool
        var limitHits: Int
        /// The fewest frames the stack had on the line (`LineTokenization.lowestDepth`).
        var lowestDepth: Int
    }

    /// `tokenizeLine`, replacing the contents of `tokens`: a whole document reuses one array
    /// for all its lines instead of allocating and growing one per line.
    func tokenizeLine(
        utf8 bytes: UnsafeBufferPointer<UInt8>, state: RuleStack?, workspace: MatchWorkspace,
        into tokens: inout [LineToken]
    ) -> LineEnd {
        workspace.setMatchLimit(configuration.matchLimit)
        let limitHitsBefore = workspace.limitHits
        let isFirstLine = state == nil
        let startState = state ?? initialState
        let cut = Self.utf8Prefix(bytes, utf16Limit: configuration.maxLineLength)
        // Take the buffer out so appending does not copy it.
        var buffer = workspace.scratch.lineBuffer
        workspace.scratch.lineBuffer = []
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: bytes[..<cut])
        buffer.append(UInt8(ascii: "\n"))
        defer { workspace.scratch.lineBuffer = buffer }
        let deadline = configuration.lineTimeBudget.map { budget in
            let (seconds, attoseconds) = budget.components
            let nanoseconds =
                UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
            return DispatchTime.now().uptimeNanoseconds &+ nanoseconds
        }
        tokens.removeAll(keepingCapacity: true)
        return buffer.withUnsafeBufferPointer { subject in
            workspace.scan.usesPrefilter = configuration.prefiltersSearches
            if configuration.prefiltersSearches { workspace.scan.lineProfile.reset(subject) }
            var tokenizer = LineTokenizer(
                grammar: self, line: subject, workspace: workspace, deadline: deadline)
            tokenizer.checksFirstScan = configuration.lineTimeBudget.map { $0 < .milliseconds(1) } ?? false
            // The collector appends to the caller's array (moved in and back out, not copied).
            swap(&tokenizer.collector.tokens, &tokens)
            let (endStack, stoppedEarly) = tokenizer.tokenizeString(
                length: subject.count, isFirstLine: isFirstLine, linePos: 0, stack: startState,
                checkWhileConditions: true, timeLimited: true)
            swap(&tokenizer.collector.tokens, &tokens)
            let truncated = cut < bytes.count
            if stoppedEarly, tokenizer.collector.lastEnd < cut {
                // The rest of the line is one token with the scope in force; the state passes
                // through unchanged, as VS Code does when its time limit trips.
                tokens.append(LineToken(start: tokenizer.collector.lastEnd, scopes: endStack.contentScopes))
            }
            if let last = tokens.last, last.start >= cut {
                tokens.removeLast()
            }
            if tokens.isEmpty {
                tokens.append(LineToken(start: 0, scopes: endStack.contentScopes))
            }
            if truncated {
                tokens.append(LineToken(start: cut, scopes: endStack.contentScopes))
            }
            let cutShort = stoppedEarly || truncated
            let endState = cutShort ? startState : interner.canonical(endStack)
            return LineEnd(
                state: endState, stoppedEarly: stoppedEarly, truncated: truncated,
                limitHits: workspace.limitHits - limitHitsBefore,
                lowestDepth: cutShort ? startState.depth : min(tokenizer.lowestDepth, endState.depth))
        }
    }

    /// The byte length of the longest prefix of `bytes` within `utf16Limit` UTF-16 units
    /// (the whole line when it fits), cut at a character boundary.
    static func utf8Prefix(_ bytes: UnsafeBufferPointer<UInt8>, utf16Limit: Int) -> Int {
        // UTF-8 never has fewer bytes than UTF-16 units, so short lines need no count.
        guard bytes.count > utf16Limit else { return bytes.count }
        var units = 0
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            let width = byte >= 0xF0 ? 2 : 1
            if units + width > utf16Limit { return offset }
            units += width
        }
        return bytes.count
    }
}
