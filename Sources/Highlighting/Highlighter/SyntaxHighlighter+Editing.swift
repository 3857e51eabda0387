import DocumentStorage
import GrammarEngine
import TextRope

extension SyntaxHighlighter {
    /// Maps the line states through the transaction's edit, then highlights the invalid lines
    /// of the edit's window and of the visible ranges.
    public func processEditing(in storage: TextStorage, context: EditingContext) {
        if self.storage !== storage { reset(for: storage) }
        guard let edited = context.editedRange else { return }
        let lines = mapLines(through: edited, paragraphs: context.paragraphRange, text: storage.text)
        // The lines a view showing the edit holds: `window` lines from `window / 2` above the
        // first edited line. A long paste is finished by slices (or the visible ranges).
        let size = max(1, configuration.window)
        let lower = max(0, lines.lowerBound - size / 2)
        let window = lower..<min(store.count, max(lines.lowerBound + 1, lower + size))
        highlightInvalidLines(in: window, storage: storage)
        highlightVisibleLines(storage: storage)
    }

    /// Replaces the stored entries of the lines the edit touched by invalid ones and returns
    /// those lines (post-edit numbers).
    ///
    /// The edited lines run from the line holding the start of the edited range (or of its
    /// paragraph) to the line holding its end. Lines before are untouched; lines after have
    /// unchanged text, so the edit removed exactly `new − (lines now − lines stored)` old lines.
    /// The last new line inherits the last old line's end state, so the line after keeps its
    /// validity when retokenizing reproduces that state.
    func mapLines(through edited: Range<Int>, paragraphs: Range<Int>, text: TextBuffer) -> Range<Int> {
        let total = text.lineCount
        let first = min(
            text.lineIndex(containingUTF8: paragraphs.lowerBound),
            text.lineIndex(containingUTF8: edited.lowerBound))
        let last = max(first, text.lineIndex(containingUTF8: edited.upperBound))
        let newCount = last - first + 1
        let oldCount = newCount - (total - store.count)
        guard oldCount >= 1, first + oldCount <= store.count else {
            // Not reachable while the store tracks the storage; recover by forgetting everything.
            store = LineStateStore(lineCount: total)
            return 0..<total
        }
        let inherited = store[first + oldCount - 1].endState
        if oldCount == 1 && newCount == 1 {
            store[first] = LineEntry(endState: inherited, isValid: false)
        } else {
            var entries = [LineEntry<RuleStack>](repeating: .unknown, count: newCount)
            entries[newCount - 1].endState = inherited
            store.replaceLines(first..<(first + oldCount), with: entries)
        }
        return first..<(last + 1)
    }
}
