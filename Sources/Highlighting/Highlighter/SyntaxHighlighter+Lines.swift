import DocumentStorage
import GrammarEngine
import TextRope

extension SyntaxHighlighter {
    /// Tokenizes one line from the stored end state of the line before, writes its runs and
    /// records its end state, invalidating the next line if that state changed.
    ///
    /// The previous line need not be valid: the result is then provisional in effect, but the
    /// entry's invariant holds (this line matches the previous line's *current* end state), so
    /// it is redone exactly when that state changes. An unknown previous state is guessed as
    /// the grammar's initial state; unknown never equals a computed state, so the guess is
    /// always redone.
    ///
    /// `start` is where the line starts if the caller knows (it just did the line before).
    /// `isNewText` says the line is being typed: it is tokenized without the memo of recent
    /// lines, where it would almost never be found and every keystroke would add one more
    /// entry.
    /// - Returns: where the next line starts, for the caller to pass on, or nil.
    @discardableResult
    func highlightLine(
        _ line: Int, storage: TextStorage, start: UTF8Offset? = nil, isNewText: Bool = false
    ) -> UTF8Offset? {
        let text = storage.text
        guard
            let bounds = start.map({ text.lineBounds(startingAt: $0) })
                ?? (try? text.lineBounds(LineIndex(line)))
        else {
            // Only if the store lost track of the text: start over rather than loop on the line.
            store = LineStateStore(lineCount: text.lineCount)
            return nil
        }
        let startState: RuleStack? = line == 0 ? nil : (store[line - 1].endState ?? grammar.initialState)
        var content = text.substring(bounds.start..<bounds.contentEnd)
        let tokenization = content.withUTF8 {
            isNewText
                ? grammar.tokenizeLine(utf8: $0, state: startState)
                : grammar.tokenizeLine(utf8: $0, state: startState, memo: &sharedStyles.recentLines)
        }
        linesTokenized += 1

        runBuffer.removeAll(keepingCapacity: true)
        bracketBuffer.removeAll(keepingCapacity: true)
        let tokens = tokenization.tokens
        for index in tokens.indices {
            let start = tokens[index].start
            let end = index + 1 < tokens.count ? tokens[index + 1].start : bounds.end - bounds.start
            guard end > start else { continue }
            let resolved = sharedStyles.cache.resolve(tokens[index].scopes, in: styles)
            if let brackets = configuration.brackets, resolved.countsBrackets {
                content.withUTF8 { brackets.scan($0, in: start..<end, into: &bracketBuffer) }
            }
            let run = AttributeRun(length: end - start, value: resolved.id)
            if let lastIndex = runBuffer.indices.last, runBuffer[lastIndex].value == run.value {
                runBuffer[lastIndex].length += run.length
            } else {
                runBuffer.append(run)
            }
        }
        // Write only what differs: the storage would report no more anyway, and a short write
        // inside one leaf of its run rope is an in-place edit rather than a split and join.
        let lineRange = bounds.start..<bounds.end
        if let changed = RunDifference.changedRange(old: storage.syntaxRuns(in: lineRange), new: runBuffer) {
            storage.setSyntaxRuns(
                RunDifference.slice(runBuffer, changed), at: bounds.start + changed.lowerBound)
        }

        let previous = store[line].endState
        store[line] = LineEntry(
            endState: tokenization.endState, isValid: true,
            lowestDepth: Int32(clamping: tokenization.lowestDepth))
        if previous != tokenization.endState && line + 1 < store.count {
            store.invalidate(line + 1)
        }
        if configuration.brackets != nil {
            recordBrackets(bracketBuffer, ofLine: line, start: bounds.start, storage: storage)
        }
        return bounds.end
    }

    /// The style id of a token's scopes, cached per interned scope stack.
    func styleID(for scopes: ScopeStack) -> StyleID {
        sharedStyles.cache.id(for: scopes, in: styles)
    }

    /// Highlights the invalid lines of a line range in order; those of `newText` are being
    /// typed (see `highlightLine`).
    /// - Returns: the number of lines tokenized.
    @discardableResult
    func highlightInvalidLines(
        in lines: Range<Int>, storage: TextStorage, budget: Int = .max, newText: Range<Int> = 0..<0
    ) -> Int {
        var done = 0
        var next = store.firstInvalidLine(atOrAfter: lines.lowerBound)
        var following: (line: Int, start: UTF8Offset?)?
        while let line = next, line < lines.upperBound, done < budget {
            let known = following?.line == line ? following?.start : nil
            following = (
                line + 1,
                highlightLine(line, storage: storage, start: known, isNewText: newText.contains(line))
            )
            done += 1
            next = store.firstInvalidLine(atOrAfter: line + 1)
        }
        return done
    }
}
