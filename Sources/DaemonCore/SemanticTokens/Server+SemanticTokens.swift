import DocumentStorage
import Highlighting
import JSONRPC
import TextRope

extension Server {
    /// `textDocument/semanticTokens/full`: every token of the document, with a result id the
    /// next `full/delta` can name.
    func semanticTokensFull(_ params: DocumentParams) -> SemanticTokensResult {
        let document = params.document
        return fullResult(document, tracker: tokenTracker(for: document))
    }

    /// `textDocument/semanticTokens/full/delta`: the edits from the result the client names to
    /// the current tokens, re-encoding only the lines changed since (the full result when the
    /// named result is not the last one sent).
    func semanticTokensDelta(_ params: SemanticTokensDeltaParams) -> SemanticTokensResult {
        let document = params.document
        let previous = params.previousResultId
        let tracker = tokenTracker(for: document)
        guard var snapshot = tracker.snapshot, snapshot.resultId == previous else {
            return fullResult(document, tracker: tracker)
        }
        // The tracker lets go of its copy, so the edit below mutates the arrays in place.
        tracker.snapshot = nil
        let lineCount = document.storage.text.lineCount
        let resultId = nextSemanticTokensResultId()
        guard let changed = tracker.changedLines else {
            snapshot.resultId = resultId
            tracker.markFetched(snapshot)
            return .delta(resultId: resultId, edits: [])
        }
        let lower = min(changed.lowerBound, lineCount)
        let newUpper = min(max(changed.upperBound, lower), lineCount)
        let oldUpper = newUpper - (lineCount - snapshot.lineCount)
        // The hull always holds every inserted and deleted line; if that ever fails, the full
        // result is still right.
        guard lower <= oldUpper, oldUpper <= snapshot.lineCount else {
            return fullResult(document, tracker: tracker)
        }
        let tokens = semanticTokens(lines: lower..<newUpper, of: document)
        let edit = snapshot.replaceLines(
            lower..<oldUpper, newUpperBound: newUpper, with: tokens, resultId: resultId)
        tracker.markFetched(snapshot)
        return .delta(resultId: resultId, edits: edit.deleteCount == 0 && edit.data.isEmpty ? [] : [edit])
    }

    /// `textDocument/semanticTokens/range`: the tokens that overlap a range, encoded from the
    /// document's start. The range's lines are highlighted first (as a view's are), so the
    /// answer holds what is settled there without waiting for the rest of the document.
    func semanticTokensRange(_ params: SemanticTokensRangeParams) -> SemanticTokensResult {
        let document = params.document
        let (start, end) = (params.range.start, params.range.end)
        let lineCount = document.storage.text.lineCount
        // Clamped before adding one: a line of Int.max (any client may send it) would overflow.
        let lower = min(start.line, lineCount)
        let lines = lower..<max(lower, min(max(end.line, start.line), lineCount - 1) + 1)
        let tracker = tokenTracker(for: document)
        prioritize(Range(numbers: lines), of: document, view: Self.semanticTokensRangeView)
        tracker.markAsked()
        tracker.requestedLines = lines
        var encoder = SemanticTokenEncoder()
        for token in semanticTokens(lines: lines, of: document) {
            // Tokens overlapping [start, end): LSP positions compare by line, then character.
            let endsAfterStart = token.line > start.line || token.start + token.length > start.character
            let startsBeforeEnd = token.line < end.line || token.start < end.character
            if endsAfterStart && startsBeforeEnd { encoder.append(token) }
        }
        return .range(data: encoder.data)
    }

    /// The view id under which `range` requests prioritize their lines.
    static let semanticTokensRangeView = "$/semanticTokens/range"

    private func fullResult(_ document: DocumentSession, tracker: SemanticTokenTracker)
        -> SemanticTokensResult
    {
        let lineCount = document.storage.text.lineCount
        let tokens = semanticTokens(lines: 0..<lineCount, of: document)
        let snapshot = SemanticTokenSnapshot(
            resultId: nextSemanticTokensResultId(), tokens: tokens, lineCount: lineCount)
        tracker.markFetched(snapshot)
        return .full(resultId: snapshot.resultId, data: snapshot.data)
    }

    /// The document's tracker, made on its first token request.
    func tokenTracker(for document: DocumentSession) -> SemanticTokenTracker {
        if let tracker = document.tokenTracker { return tracker }
        let tracker = SemanticTokenTracker(lineCount: document.storage.text.lineCount)
        document.tokenTracker = tracker
        return tracker
    }

    private func nextSemanticTokensResultId() -> String {
        semanticTokenSettings.resultCounter += 1
        return String(semanticTokenSettings.resultCounter)
    }
}
