import Dispatch
import DocumentStorage
import TextRope

extension SyntaxHighlighter {
    /// Sets the line ranges the views show (one per view); their invalid lines are highlighted
    /// within each transaction and first in each slice. Ranges past the end are clipped.
    public func setVisibleRanges(_ ranges: [Range<LineIndex>]) {
        visibleRanges = ranges.filter { !$0.isEmpty }
    }

    /// Highlights the invalid lines of the visible ranges now (after scrolling, say); collect
    /// the changes with `storage.takeAttributeChanges()`.
    public func highlightVisibleLines() {
        guard let storage else { return }
        highlightVisibleLines(storage: storage)
    }

    /// Highlights at most `lineBudget` invalid lines of the visible ranges now, leaving the
    /// rest to the slices (which take visible lines first): a view as tall as a huge document
    /// must not stall its caller.
    public func highlightVisibleLines(lineBudget: Int) {
        guard let storage else { return }
        highlightVisibleLines(storage: storage, budget: lineBudget)
    }

    func highlightVisibleLines(storage: TextStorage, budget: Int = .max) {
        var remaining = budget
        for range in visibleRanges where remaining > 0 {
            let clipped = clippedToStore(range)
            guard !clipped.isEmpty else { continue }
            remaining -= highlightInvalidLines(in: clipped, storage: storage, budget: remaining)
            pairBrackets(through: clipped.upperBound, storage: storage)
        }
    }

    /// `range` cut to the stored lines: a view's range may lie past the end of a document that
    /// has since shrunk.
    func clippedToStore(_ range: Range<LineIndex>) -> Range<Int> {
        let upper = min(store.count, max(0, range.upperBound.rawValue))
        return min(max(0, range.lowerBound.rawValue), upper)..<upper
    }

    /// Does one bounded slice of background work: the visible ranges' invalid lines first, then
    /// invalid lines from the top of the document, within the configured line and time budgets.
    /// Collect the slice's changes with `storage.takeAttributeChanges()`.
    ///
    /// Call outside transactions. Each line done from the top stays right (every line before it
    /// is valid), so repeated slices converge to the from-scratch highlight.
    /// - Returns: whether invalid lines remain.
    @discardableResult
    public func highlightNextSlice() -> Bool {
        guard let storage else { return false }
        let lineBudget = max(1, configuration.sliceLineBudget)
        let deadline = configuration.sliceTimeBudget.map { budget -> UInt64 in
            let (seconds, attoseconds) = budget.components
            return DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds)) * 1_000_000_000
                &+ UInt64(max(0, attoseconds / 1_000_000_000))
        }
        var done = 0
        for range in visibleRanges where done < lineBudget {
            let clipped = clippedToStore(range)
            guard !clipped.isEmpty else { continue }
            done += highlightInvalidLines(in: clipped, storage: storage, budget: lineBudget - done)
        }
        var next = store.firstInvalidLine()
        while let line = next, done < lineBudget {
            if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline { break }
            highlightLine(line, storage: storage)
            done += 1
            next = store.firstInvalidLine(atOrAfter: line + 1)
        }
        // Pairing a line costs a small part of tokenizing it: ten times the lines.
        pairBrackets(
            through: store.count, storage: storage,
            budget: lineBudget > Int.max / 10 ? .max : lineBudget * 10,
            deadline: deadline)
        return !isSettled
    }

    /// Runs slices until no line is invalid (a document's first full highlight, tests).
    public func highlightAll() {
        let saved = configuration
        configuration.sliceTimeBudget = nil
        configuration.sliceLineBudget = .max
        while highlightNextSlice() {}
        configuration = saved
    }
}
