import Dispatch
import DocumentStorage
import TextRope

/// Bracket pairs by nesting depth, kept the way line states are.
///
/// Tokenizing a line finds its brackets (in tokens whose brackets count, see
/// `TokenClassification`) and stores them in the line's `BracketLine`; a line whose brackets
/// changed becomes invalid. Pairing walks the invalid lines in order: from the stack of
/// brackets open at the previous line's end it marks the line's brackets in the storage's
/// bracket layer and records the stack at its end, invalidating the next line when that stack
/// changed. Like tokenizing, it stops by itself where the stack comes out as before, so typing
/// a matched pair, or anything but a bracket, pairs one line.
///
/// An unmatched opening bracket changes the stack of every line after it: those lines are
/// paired within the transaction as far as the visible ranges reach (at most
/// `pairingLineBudget` lines), and by the background slices after that.
///
/// # Invariant
/// A valid bracket line was paired from its current brackets and the current end stack of
/// the line before; so, once no syntax or bracket line is invalid, the bracket layer equals
/// pairing the from-scratch tokens of the whole text (`ReferenceBrackets`).
extension SyntaxHighlighter {
    /// The most lines paired within one transaction or one visible-range update.
    static let pairingLineBudget = 2_000

    /// Stores a freshly tokenized line's brackets (at `start`), invalidating its pairing if
    /// they changed; pairs it at once when the line before is paired (in a line's
    /// tokenization, the usual case), else leaves it to the pairing walk.
    func recordBrackets(_ tokens: [BracketToken], ofLine line: Int, start: UTF8Offset, storage: TextStorage) {
        let entry = bracketStore[line]
        if entry.isValid, let known = entry.endState, known.tokens == tokens { return }
        // A copy of exactly the line's tokens: `tokens` is the highlighter's reused buffer,
        // whose capacity is the most brackets any line had, and every line would keep that.
        var kept: [BracketToken] = []
        if !tokens.isEmpty {
            kept.reserveCapacity(tokens.count)
            kept.append(contentsOf: tokens)
        }
        let updated = LineEntry(
            endState: BracketLine(
                tokens: kept, endStack: entry.endState?.endStack,
                markedColumns: entry.endState?.markedColumns),
            isValid: false)
        let before =
            line == 0
            ? LineEntry(endState: BracketLine(tokens: [], endStack: .empty), isValid: true)
            : bracketStore[line - 1]
        if before.isValid {
            pairLine(line, entry: updated, after: before.endState?.endStack, storage: storage, start: start)
        } else {
            bracketStore[line] = updated
        }
    }

    /// Pairs the invalid bracket lines before `limit`, in order, while their tokens are known
    /// (a line not yet tokenized stops the walk; it resumes once the line is).
    func pairBrackets(
        through limit: Int, storage: TextStorage, budget: Int = pairingLineBudget,
        shouldStop: () -> Bool = { false }
    ) {
        guard configuration.brackets != nil else { return }
        var done = 0
        var next = bracketStore.firstInvalidLine()
        while let line = next, line < limit, done < budget, store[line].isValid {
            // Checked every 64 lines: a line costs well under a microsecond.
            if done % 64 == 63, shouldStop() { break }
            let before = line == 0 ? BracketStack.empty : bracketStore[line - 1].endState?.endStack
            pairLine(line, entry: bracketStore[line], after: before, storage: storage)
            done += 1
            next = bracketStore.firstInvalidLine(atOrAfter: line + 1)
        }
    }

    /// Marks one line's brackets from the end stack of the line before.
    ///
    /// A line without brackets whose layer is known to hold no marks costs no text lookup; a
    /// line with some rewrites only the columns its old and new marks span, not the whole line.
    /// `entry` is the line's, `before` the end stack of the line before (nil: unknown, guessed
    /// empty; unknown never equals a computed stack, so the guess is redone).
    private func pairLine(
        _ line: Int, entry: LineEntry<BracketLine>, after before: BracketStack?, storage: TextStorage,
        start knownStart: UTF8Offset? = nil
    ) {
        linesPaired += 1
        let tokens = entry.endState?.tokens ?? []
        let oldMarks = entry.endState?.markedColumns
        var stack = before ?? .empty
        var newMarks: Range<Int32> = 0..<0
        if !tokens.isEmpty || oldMarks?.isEmpty != true {
            guard let start = knownStart ?? (try? storage.text.lineStart(LineIndex(line))) else {
                bracketStore = LineStateStore(lineCount: storage.text.lineCount)
                return
            }
            var spans: [BracketSpan] = []
            spans.reserveCapacity(tokens.count)
            for token in tokens {
                let (mark, after) = stack.pairing(token)
                stack = after
                let lower = start + Int(token.column)
                spans.append(BracketSpan(range: lower..<(lower + Int(token.length)), mark: mark))
            }
            if let first = tokens.first, let last = tokens.last {
                newMarks = first.column..<(last.column + last.length)
            }
            let cleared: Range<UTF8Offset>
            if let oldMarks {
                let lower = min(
                    oldMarks.isEmpty ? newMarks.lowerBound : oldMarks.lowerBound, newMarks.lowerBound)
                let upper = max(oldMarks.upperBound, newMarks.upperBound)
                cleared = (start + Int(lower))..<(start + Int(upper))
            } else {
                cleared = start..<((try? storage.text.lineBounds(LineIndex(line)).end) ?? start)
            }
            if !cleared.isEmpty { storage.setBrackets(spans, replacingIn: cleared) }
        }
        let previous = entry.endState?.endStack
        bracketStore[line] = LineEntry(
            endState: BracketLine(tokens: tokens, endStack: stack, markedColumns: newMarks), isValid: true)
        let unchanged = previous.map { BracketStack.same($0, stack) } ?? false
        if !unchanged && line + 1 < bracketStore.count {
            bracketStore.invalidate(line + 1)
        }
    }

    /// Tokenizes and pairs every line not done yet, so the bracket layer is right everywhere
    /// (a whole-document question, such as folding, asks first).
    public func settleBrackets() {
        guard let storage, configuration.brackets != nil else { return }
        highlightInvalidLines(in: 0..<store.count, storage: storage)
        pairBrackets(through: store.count, storage: storage, budget: .max)
    }

    /// The bracket at `offset` (a bracket starting there, or one holding it) and its
    /// partner's range, or nil when no bracket is there; the partner is nil when the bracket
    /// has none (an opening bracket never closed, or closed by a closing bracket of an outer
    /// pair; a closing bracket that closes nothing).
    ///
    /// Only as much of the document is highlighted and paired as the answer needs: the lines
    /// through the bracket's, then, for an opening bracket, further lines in growing chunks
    /// until its partner (or what shows it has none) is found. A request right after a large
    /// open does not wait for the whole document.
    public func bracketPair(at offset: UTF8Offset) -> (
        bracket: Range<UTF8Offset>, partner: Range<UTF8Offset>?
    )? {
        guard let storage, configuration.brackets != nil else { return nil }
        let text = storage.text
        guard offset.rawValue >= 0, offset.rawValue < text.utf8Count else { return nil }
        let line = text.lineIndex(containingUTF8: offset)
        settle(throughLine: line.rawValue + 1, storage: storage)
        guard let bounds = try? text.lineBounds(line) else { return nil }
        let lineBrackets = storage.brackets(in: bounds.start..<bounds.end)
        guard let bracket = lineBrackets.first(where: { $0.range.contains(offset) }) else { return nil }
        let mark = bracket.mark
        guard !mark.isUnexpected else { return (bracket.range, nil) }
        // A pair's brackets share a depth. After an opening bracket at depth d, the first
        // closing bracket at depth d or less either closes it (at d) or closes an outer pair,
        // leaving it without a partner. Before a closing bracket at depth d, the nearest
        // opening bracket at depth d is its partner (any other at d was closed before).
        guard mark.isOpen else {
            let found = lastBracket(in: storage, before: bracket.range.lowerBound) {
                $0.isOpen && $0.depth == mark.depth
            }
            return (bracket.range, found?.range)
        }
        var searched = bracket.range.upperBound
        var settledLines = line.rawValue + 1
        var chunk = 256
        while true {
            let end =
                settledLines >= text.lineCount
                ? text.utf8End : ((try? text.lineStart(LineIndex(settledLines))) ?? text.utf8End)
            let found = firstBracket(in: storage, from: searched, before: end) {
                !$0.isOpen && !$0.isUnexpected && $0.depth <= mark.depth
            }
            if let found { return (bracket.range, found.mark.depth == mark.depth ? found.range : nil) }
            guard end < text.utf8End else { return (bracket.range, nil) }
            searched = end
            settledLines = min(text.lineCount, settledLines + chunk)
            chunk *= 2
            settle(throughLine: settledLines, storage: storage)
        }
    }

    /// Highlights and pairs every line before `limit` that is not done yet.
    private func settle(throughLine limit: Int, storage: TextStorage) {
        let upper = min(limit, store.count)
        highlightInvalidLines(in: 0..<upper, storage: storage)
        pairBrackets(through: upper, storage: storage, budget: .max)
    }

    /// The first bracket in `start..<end` whose mark satisfies `test`, read 64 KiB at a time.
    private func firstBracket(
        in storage: TextStorage, from start: UTF8Offset, before limit: UTF8Offset,
        where test: (BracketMark) -> Bool
    ) -> BracketSpan? {
        let end = limit.rawValue
        var lower = start.rawValue
        while lower < end {
            let upper = min(end, lower + 65_536)
            if let found = storage.brackets(in: Range(bytes: lower..<upper)).first(where: { test($0.mark) }) {
                return found
            }
            lower = upper
        }
        return nil
    }

    /// The last bracket before `end` whose mark satisfies `test`, read 64 KiB at a time.
    private func lastBracket(
        in storage: TextStorage, before end: UTF8Offset, where test: (BracketMark) -> Bool
    ) -> BracketSpan? {
        var upper = end.rawValue
        while upper > 0 {
            let lower = max(0, upper - 65_536)
            if let found = storage.brackets(in: Range(bytes: lower..<upper)).last(where: { test($0.mark) }) {
                return found
            }
            upper = lower
        }
        return nil
    }
}
