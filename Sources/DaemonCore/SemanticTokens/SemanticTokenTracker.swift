/// What the LSP face remembers of one document between semantic token requests: the last
/// result sent, the lines whose tokens may have changed since, and the refresh state.
///
/// Lines here are LSP line numbers, as the encoded tokens count them (plain `Int`s: this is
/// protocol state, like the tokens it describes).
///
/// The changed lines are kept as one hull in the current text's line numbers. Every line
/// inserted or deleted since the snapshot lies inside it, so outside it old line `l` is new
/// line `l` before the hull and `l + (new line count − old line count)` after it: that is
/// what lets `full/delta` re-encode only the hull's lines.
final class SemanticTokenTracker {
    /// The last `full` or `full/delta` result, nil until the client asks.
    var snapshot: SemanticTokenSnapshot?
    /// Lines (current numbering) whose tokens may differ from the snapshot's.
    private(set) var changedLines: Range<Int>?
    /// The text's line count as of the last recorded change.
    private(set) var lineCount: Int
    /// Whether the client has asked for this document's tokens at least once.
    var hasBeenFetched = false
    /// Whether background work changed tokens since the client last asked.
    var changedSinceFetch = false
    /// Whether a `workspace/semanticTokens/refresh` was sent for this document and the client
    /// has not asked for its tokens since.
    var refreshPending = false
    /// The lines of the last `range` request: background changes there are worth a refresh
    /// before the whole document settles.
    var requestedLines: Range<Int>?
    /// Whether background work changed tokens inside `requestedLines` since the client asked.
    var changedRequestedLines = false

    init(lineCount: Int) {
        self.lineCount = lineCount
    }

    /// Records an edit that replaced old lines `start...oldEnd` with new lines
    /// `start...newEnd` (inclusive: the lines the edited range touches).
    func recordEdit(start: Int, newEnd: Int, newLineCount: Int) {
        let shift = newLineCount - lineCount
        let oldEnd = newEnd - shift
        lineCount = newLineCount
        guard let hull = changedLines else {
            changedLines = start..<(newEnd + 1)
            return
        }
        // Map the hull's end through the edit, then take the union.
        let upper: Int
        if hull.upperBound <= start {
            upper = hull.upperBound
        } else if hull.upperBound > oldEnd {
            upper = hull.upperBound + shift
        } else {
            upper = newEnd + 1
        }
        changedLines = min(hull.lowerBound, start)..<max(upper, newEnd + 1)
    }

    /// Records attribute changes over lines `lines` (current numbering).
    func recordChange(_ lines: Range<Int>) {
        guard !lines.isEmpty else { return }
        changedLines =
            changedLines.map { min($0.lowerBound, lines.lowerBound)..<max($0.upperBound, lines.upperBound) }
            ?? lines
    }

    /// Keeps `snapshot` and forgets the changes: the client now holds the current tokens.
    func markFetched(_ snapshot: SemanticTokenSnapshot) {
        self.snapshot = snapshot
        lineCount = snapshot.lineCount
        changedLines = nil
        markAsked()
    }

    /// Notes that the client asked for (some of) the tokens: a pending refresh is answered.
    func markAsked() {
        hasBeenFetched = true
        changedSinceFetch = false
        changedRequestedLines = false
        refreshPending = false
    }
}
