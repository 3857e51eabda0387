import DocumentStorage
import Highlighting
import TextRope

extension Server {
    /// The semantic tokens of `lines`, in order: as `semanticTokens(onLine:)` gives them line
    /// by line, but from one pass over the lines' bytes and runs (a full request over a large
    /// document costs a copy and a scan, not a rope seek per line and run).
    func semanticTokens(lines: Range<Int>, of document: DocumentSession) -> [SemanticToken] {
        let text = document.storage.text
        guard !lines.isEmpty, let first = try? text.lineBounds(LineIndex(lines.lowerBound)),
            let last = try? text.lineBounds(LineIndex(lines.upperBound - 1))
        else { return [] }
        let range = first.start..<last.end
        let bytes = Array(text.substring(range).utf8)
        var tokens: [SemanticToken] = []
        var line = lines.lowerBound
        var column = 0
        var index = 0
        var afterCarriageReturn = false
        /// Appends `start..<column` on the current line, merged with an adjacent equal token.
        func emit(from start: Int, type: Int, modifiers: UInt32) {
            guard column > start else { return }
            if var previous = tokens.last, previous.line == line, previous.start + previous.length == start,
                previous.type == type, previous.modifiers == modifiers
            {
                previous.length = column - previous.start
                tokens[tokens.count - 1] = previous
            } else {
                tokens.append(
                    SemanticToken(
                        line: line, start: start, length: column - start, type: type, modifiers: modifiers))
            }
        }
        for run in document.storage.syntaxRuns(in: range) {
            let entry = styles[run.value]
            var start = column
            let end = min(index + run.length, bytes.count)
            while index < end {
                let byte = bytes[index]
                index += 1
                if byte == 0x0A || byte == 0x0D {
                    if let type = entry.tokenType {
                        emit(from: start, type: type, modifiers: entry.tokenModifiers)
                    }
                    // `\r\n` is one line end.
                    if !(byte == 0x0A && afterCarriageReturn) { line += 1 }
                    afterCarriageReturn = byte == 0x0D
                    column = 0
                    start = 0
                    continue
                }
                afterCarriageReturn = false
                switch encoding {
                case .utf8: column += 1
                case .utf16: if byte & 0xC0 != 0x80 { column += byte >= 0xF0 ? 2 : 1 }
                case .utf32: if byte & 0xC0 != 0x80 { column += 1 }
                }
            }
            if let type = entry.tokenType { emit(from: start, type: type, modifiers: entry.tokenModifiers) }
        }
        guard semanticTokenSettings.linkTokens else { return tokens }
        // Lines with links are redone one by one, where links cut the syntax tokens.
        let linkLines = Set(
            document.storage.links(in: range).map {
                text.lineIndex(containingUTF8: $0.range.lowerBound).rawValue
            })
        guard !linkLines.isEmpty else { return tokens }
        var result: [SemanticToken] = []
        var position = 0
        for line in lines {
            let end = tokens[position...].firstIndex { $0.line > line } ?? tokens.count
            result +=
                linkLines.contains(line)
                ? semanticTokens(onLine: line, of: document) : Array(tokens[position..<end])
            position = end
        }
        return result
    }

    /// The semantic tokens of one line: one per syntax run whose style maps to a token type
    /// (adjacent runs of the same type and modifiers merged), in the negotiated unit; with
    /// link tokens on, link spans cut the syntax tokens they cover.
    func semanticTokens(onLine line: Int, of document: DocumentSession) -> [SemanticToken] {
        let text = document.storage.text
        guard let bounds = try? text.lineBounds(LineIndex(line)), bounds.contentEnd > bounds.start else {
            return []
        }
        let measure = UnitMeasure(text: text, unit: encoding)
        let runs = document.storage.syntaxRuns(in: bounds.start..<bounds.contentEnd)
        // Columns from one pass over the line's bytes, not a rope seek per run.
        let lengths = measure.lengths(of: runs.map(\.length), from: bounds.start)
        var tokens: [SemanticToken] = []
        var start = 0
        for (run, length) in zip(runs, lengths) {
            defer { start += length }
            let entry = styles[run.value]
            guard let type = entry.tokenType else { continue }
            if var last = tokens.last, last.start + last.length == start, last.type == type,
                last.modifiers == entry.tokenModifiers
            {
                last.length += length
                tokens[tokens.count - 1] = last
            } else {
                tokens.append(
                    SemanticToken(
                        line: line, start: start, length: length, type: type, modifiers: entry.tokenModifiers)
                )
            }
        }
        guard semanticTokenSettings.linkTokens else { return tokens }
        let links: [Range<Int>] = document.storage.links(in: bounds.start..<bounds.contentEnd).compactMap {
            span in
            let lower = max(span.range.lowerBound, bounds.start)
            let upper = min(span.range.upperBound, bounds.contentEnd)
            guard lower < upper else { return nil }
            let columns = measure.lengths(of: [lower - bounds.start, upper - lower], from: bounds.start)
            return columns[0]..<(columns[0] + columns[1])
        }
        return Self.overlay(links: links, on: tokens, line: line)
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
    func recordTokenChanges(_ document: DocumentSession, transaction: EditingTransaction) {
        guard let tracker = document.tokenTracker else { return }
        let text = document.storage.text
        if let edited = transaction.context.editedRange {
            tracker.recordEdit(
                start: text.lineIndex(containingUTF8: edited.lowerBound).rawValue,
                newEnd: text.lineIndex(containingUTF8: edited.upperBound).rawValue,
                newLineCount: text.lineCount)
        }
        recordTokenChanges(document, delta: transaction.delta, background: false)
    }

    /// Notes attribute changes; background ones (not caused by an edit the client made) may
    /// call for a `workspace/semanticTokens/refresh`.
    func recordTokenChanges(_ document: DocumentSession, delta: AttributeDelta, background: Bool) {
        guard let tracker = document.tokenTracker, !delta.isEmpty else { return }
        let text = document.storage.text
        for change in delta.changes {
            let lines =
                text.lineIndex(containingUTF8: change.range.lowerBound)
                .rawValue..<(text.lineIndex(
                    containingUTF8: change.range.upperBound
                ).rawValue + 1)
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
