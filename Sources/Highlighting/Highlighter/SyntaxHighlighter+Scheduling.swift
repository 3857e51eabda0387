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
    ///
    /// `interrupted` is asked after a line, at most once per `interruptCheckInterval`, while
    /// the slice goes through the document's invalid lines and pairs brackets; when it answers
    /// true, the slice ends there. The daemon asks whether a message is waiting: an edit that
    /// arrives during a slice then waits for one line, not for the rest of the slice (on a
    /// 3,000-edit Rust trace replayed back to back, slices of about 500 µs were what the
    /// slowest hundredth of keystrokes waited for).
    /// - Returns: whether invalid lines remain.
    @discardableResult
    public func highlightNextSlice(stoppingWhen interrupted: () -> Bool = { false }) -> Bool {
        guard let storage else { return false }
        let lineBudget = max(1, configuration.sliceLineBudget)
        var clock = SliceClock(
            budget: configuration.sliceTimeBudget, checkInterval: configuration.interruptCheckInterval)
        var done = 0
        for range in visibleRanges where done < lineBudget {
            let clipped = clippedToStore(range)
            guard !clipped.isEmpty else { continue }
            done += highlightInvalidLines(in: clipped, storage: storage, budget: lineBudget - done)
        }
        // Checked after each line, so that every slice makes progress (and before the first, in
        // case the visible lines spent the time budget); an interrupted slice leaves the
        // brackets to the next one.
        var next = clock.isSpent ? nil : store.firstInvalidLine()
        var following: (line: Int, start: UTF8Offset?)?
        lines: while let line = next, done < lineBudget {
            let known = following?.line == line ? following?.start : nil
            following = (line + 1, highlightLine(line, storage: storage, start: known))
            done += 1
            switch clock.stop(asking: interrupted) {
            case .interrupted?: return !isSettled
            case .budgetSpent?: break lines
            case nil: next = store.firstInvalidLine(atOrAfter: line + 1)
            }
        }
        // Pairing a line costs a small part of tokenizing it: ten times the lines.
        pairBrackets(
            through: store.count, storage: storage,
            budget: lineBudget > Int.max / 10 ? .max : lineBudget * 10,
            shouldStop: { clock.stop(asking: interrupted) != nil })
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

/// When a slice stops: at its time budget, or when its caller says so (asked at most once per
/// check interval, since asking may cost a system call).
struct SliceClock {
    private let deadline: UInt64?
    private let checkInterval: UInt64
    private var nextCheck: UInt64

    init(budget: Duration?, checkInterval: Duration) {
        let now = DispatchTime.now().uptimeNanoseconds
        deadline = budget.map { now &+ Self.nanoseconds($0) }
        self.checkInterval = Self.nanoseconds(checkInterval)
        nextCheck = now &+ self.checkInterval
    }

    /// Whether the time budget is spent.
    var isSpent: Bool {
        guard let deadline else { return false }
        return DispatchTime.now().uptimeNanoseconds >= deadline
    }

    /// Why a slice ends early.
    enum Stop {
        case budgetSpent, interrupted
    }

    /// Why the slice should end now, if it should: its time budget is spent, or `interrupted`
    /// (asked when it is due) says so.
    mutating func stop(asking interrupted: () -> Bool) -> Stop? {
        let now = DispatchTime.now().uptimeNanoseconds
        if let deadline, now >= deadline { return .budgetSpent }
        guard now >= nextCheck else { return nil }
        nextCheck = now &+ checkInterval
        return interrupted() ? .interrupted : nil
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }
}
