import DocumentStorage
import GrammarEngine
import TextRope

extension SyntaxHighlighter {
    /// Maps the line states through the transaction's change regions, then highlights the
    /// invalid lines of each region's window and of the visible ranges.
    public func processEditing(in storage: TextStorage, context: EditingContext) {
        if self.storage !== storage { reset(for: storage) }
        guard context.editedRange != nil else { return }
        let edited = mapLines(through: context.regions, text: storage.text)
        // The lines a view showing an edit holds: `window` lines from `window / 2` above its
        // first line. A long paste is finished by slices (or the visible ranges).
        let size = max(1, configuration.window)
        for lines in edited {
            let lower = max(0, lines.lowerBound - size / 2)
            let window = lower..<min(store.count, max(lines.lowerBound + 1, lower + size))
            // One or two edited lines are a keystroke (or Enter): text being typed, which the
            // memo of recent lines would almost never hold. Longer spans (a paste, a document
            // opened) may well be lines tokenized before: code cut and pasted elsewhere.
            let typed = lines.count <= 2 ? lines : 0..<0
            highlightInvalidLines(in: window, storage: storage, newText: typed)
            pairBrackets(through: lines.upperBound, storage: storage)
        }
        highlightVisibleLines(storage: storage)
    }

    /// Replaces the stored entries of the lines each change region touched by invalid ones
    /// and returns those lines (post-edit numbers, in order).
    ///
    /// A region's lines run from the line holding its start to the line holding its end;
    /// regions sharing a line are taken together. Lines between regions have unchanged text, so
    /// a region replaced exactly `new − (its change in line count)` old lines, and the old
    /// lines before it are its new first line minus the line changes of the regions before.
    /// Regions are mapped last first, so each one's old line numbers still hold. The last new
    /// line of a region inherits the last old line's end state, so the line after keeps its
    /// validity when retokenizing reproduces that state.
    func mapLines(through regions: [ChangeSet.Region], text: TextBuffer) -> [Range<Int>] {
        let total = text.lineCount
        var spans: [(lines: ClosedRange<Int>, lineCountChange: Int)] = []
        for region in regions {
            let first = text.lineIndex(containingUTF8: region.range.lowerBound).rawValue
            let last = max(first, text.lineIndex(containingUTF8: region.range.upperBound).rawValue)
            if let previous = spans.last, first <= previous.lines.upperBound {
                spans[spans.count - 1] = (
                    previous.lines.lowerBound...max(last, previous.lines.upperBound),
                    previous.lineCountChange + region.lineCountChange
                )
            } else {
                spans.append((first...last, region.lineCountChange))
            }
        }
        var changeBefore = spans.reduce(0) { $0 + $1.lineCountChange }
        guard total - store.count == changeBefore else { return forgetAll(total) }
        for span in spans.reversed() {
            changeBefore -= span.lineCountChange
            let newCount = span.lines.count
            let oldCount = newCount - span.lineCountChange
            let oldFirst = span.lines.lowerBound - changeBefore
            // Not reachable while the store tracks the storage; recover by forgetting everything.
            guard oldCount >= 1, oldFirst >= 0, oldFirst + oldCount <= store.count else {
                return forgetAll(total)
            }
            let inherited = store[oldFirst + oldCount - 1].endState
            // The bracket store keeps the same lines; the last new line keeps the old end stack
            // (its brackets are found again when it is tokenized).
            let inheritedStack = bracketStore[oldFirst + oldCount - 1].endState?.endStack
            let bracketEntry = LineEntry(
                endState: inheritedStack.map { BracketLine(tokens: [], endStack: $0) }, isValid: false)
            if oldCount == 1 && newCount == 1 {
                store[oldFirst] = LineEntry(endState: inherited, isValid: false)
                bracketStore[oldFirst] = bracketEntry
            } else {
                store.replaceLines(oldFirst..<(oldFirst + oldCount), withUnknownLines: newCount)
                store[oldFirst + newCount - 1] = LineEntry(endState: inherited, isValid: false)
                bracketStore.replaceLines(oldFirst..<(oldFirst + oldCount), withUnknownLines: newCount)
                bracketStore[oldFirst + newCount - 1] = bracketEntry
            }
        }
        return spans.map { $0.lines.lowerBound..<($0.lines.upperBound + 1) }
    }

    /// Starts the line states over (every line invalid) and returns all lines.
    private func forgetAll(_ total: Int) -> [Range<Int>] {
        store = LineStateStore(lineCount: total)
        bracketStore = LineStateStore(lineCount: total)
        return [0..<total]
    }
}
