import DocumentStorage
import Highlighting
import TextRope

extension Server {
    /// The semantic tokens of one line: one per syntax run whose style maps to a token type
    /// (adjacent runs of the same type and modifiers merged), in the negotiated unit; with
    /// link tokens on, link spans cut the syntax tokens they cover.
    func semanticTokens(onLine line: Int, of document: Document) -> [SemanticToken] {
        let text = document.storage.text
        guard let bounds = try? text.lineBounds(line), bounds.contentEnd > bounds.start else { return [] }
        let lineStart = text.offset(fromUTF8: bounds.start, to: encoding)
        func column(_ utf8: Int) -> Int { text.offset(fromUTF8: utf8, to: encoding) - lineStart }
        var tokens: [SemanticToken] = []
        var position = bounds.start
        for run in document.storage.syntaxRuns(in: bounds.start..<bounds.contentEnd) {
            defer { position += run.length }
            let entry = styles[run.value]
            guard let type = entry.tokenType else { continue }
            let start = column(position)
            let end = column(position + run.length)
            if var last = tokens.last, last.start + last.length == start, last.type == type,
                last.modifiers == entry.tokenModifiers
            {
                last.length = end - last.start
                tokens[tokens.count - 1] = last
            } else {
                tokens.append(
                    SemanticToken(
                        line: line, start: start, length: end - start, type: type,
                        modifiers: entry.tokenModifiers))
            }
        }
        guard semanticTokenSettings.linkTokens else { return tokens }
        let links = document.storage.links(in: bounds.start..<bounds.contentEnd).map {
            column(
                max($0.range.lowerBound, bounds.start))..<column(min($0.range.upperBound, bounds.contentEnd))
        }
        return Self.overlay(links: links.filter { !$0.isEmpty }, on: tokens, line: line)
    }

    /// `tokens` with the parts under `links` cut out and a link token for each link, in order.
    static func overlay(links: [Range<Int>], on tokens: [SemanticToken], line: Int) -> [SemanticToken] {
        guard !links.isEmpty else { return tokens }
        var pieces: [SemanticToken] = links.map {
            SemanticToken(
                line: line, start: $0.lowerBound, length: $0.count,
                type: SemanticTokenSettings.linkTokenIndex,
                modifiers: 0)
        }
        for token in tokens {
            var cursor = token.start
            let end = token.start + token.length
            for link in links where link.upperBound > cursor && link.lowerBound < end {
                if link.lowerBound > cursor {
                    var piece = token
                    piece.start = cursor
                    piece.length = link.lowerBound - cursor
                    pieces.append(piece)
                }
                cursor = max(cursor, link.upperBound)
            }
            if cursor < end {
                var piece = token
                piece.start = cursor
                piece.length = end - cursor
                pieces.append(piece)
            }
        }
        return pieces.sorted { $0.start < $1.start }
    }

    /// Notes what a transaction changed for the LSP face: its edited lines (which may insert
    /// or delete lines) and the lines whose attributes it changed.
    func recordTokenChanges(_ document: Document, transaction: EditingTransaction) {
        guard let tracker = tokenTrackers[document.uri] else { return }
        let text = document.storage.text
        if let edited = transaction.context.editedRange {
            tracker.recordEdit(
                start: text.lineIndex(containingUTF8: edited.lowerBound),
                newEnd: text.lineIndex(containingUTF8: edited.upperBound), newLineCount: text.lineCount)
        }
        recordTokenChanges(document, delta: transaction.delta, background: false)
    }

    /// Notes attribute changes; background ones (not caused by an edit the client made) may
    /// call for a `workspace/semanticTokens/refresh`.
    func recordTokenChanges(_ document: Document, delta: AttributeDelta, background: Bool) {
        guard let tracker = tokenTrackers[document.uri], !delta.isEmpty else { return }
        let text = document.storage.text
        for change in delta.changes {
            let lines =
                text.lineIndex(
                    containingUTF8: change.range.lowerBound)..<(text.lineIndex(
                    containingUTF8: change.range.upperBound) + 1)
            tracker.recordChange(lines)
            if background, tracker.hasBeenFetched {
                tracker.changedSinceFetch = true
                if let requested = tracker.requestedLines, requested.overlaps(lines) {
                    tracker.changedRequestedLines = true
                }
            }
        }
    }
}
