import DocumentStorage
import Foundation
import GrammarEngine
import JSONRPC
import TextRope

extension Server {
    /// `textDocument/didOpen`: a new storage, highlighted and pushed as one transaction over
    /// the whole text.
    func didOpen(_ params: Params) throws(ResponseError) {
        _ = try params.object("textDocument")
        let uri = try params.string("textDocument.uri")
        let (text, given, warnings) = try openedContent(params)
        let version = try params.int("textDocument.version")
        let languageId = try params.optionalString("textDocument.languageId") ?? ""
        let (detected, grammar) = resolveLanguage(languageId: languageId, uri: uri, text: text)
        let rules = try spanRules(params, field: "spanRules") ?? spanRules
        let document = Document(
            uri: uri, languageId: languageId, version: version, text: text, grammar: grammar, styles: styles,
            spanRules: rules)
        document.detectedLanguageId = detected
        documents[uri] = document
        if !given.isEmpty {
            document.storage.setSpans(given, replacingIn: 0..<document.storage.text.utf8Count)
        }
        // A block of 100,000 bad ranges gets a few lines, not 100,000 notifications.
        var shown = warnings.prefix(Self.maximumOpenWarnings)
        if warnings.count > shown.count {
            shown.append("textDocument/didOpen: \(warnings.count - shown.count) more ranges skipped")
        }
        for warning in shown {
            log("textDocument/didOpen: \(warning)")
            send(
                .notification(method: "window/logMessage", params: ["type": 2, "message": .string(warning)]))
        }
        let transaction = document.storage.reprocess(0..<document.storage.text.utf8Count)
        push(document, transaction: transaction)
    }

    /// The most warnings about skipped ranges one open sends, besides a count of the rest.
    static let maximumOpenWarnings = 16

    /// `textDocument/didClose`.
    func didClose(_ params: Params) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        guard documents.removeValue(forKey: uri) != nil else {
            throw .invalidParams("textDocument.uri: no open document \(uri)")
        }
    }

    /// `textDocument/didChange`: LSP content changes (ranges in line/character positions of the
    /// negotiated encoding, or whole-text replacements), applied in order as one transaction.
    func didChange(_ params: Params) throws(ResponseError) {
        let document = try document(params.string("textDocument.uri"))
        let version = try params.int("textDocument.version")
        try checkVersion(version, of: document, field: "textDocument.version")
        var edits: [PositionEdit] = []
        for (index, change) in try params.array("contentChanges").enumerated() {
            let change = Params(change)
            do throws(ResponseError) {
                let text = try change.string("text")
                if change.optional("range") == nil {
                    edits.append(PositionEdit(range: nil, text: text))
                } else {
                    let start = LinePosition(
                        line: try change.int("range.start.line", atLeast: 0),
                        character: try change.int("range.start.character", atLeast: 0))
                    let end = LinePosition(
                        line: try change.int("range.end.line", atLeast: 0),
                        character: try change.int("range.end.character", atLeast: 0))
                    edits.append(PositionEdit(range: (start, end), text: text))
                }
            } catch {
                throw .invalidParams("contentChanges[\(index)].\(error.message)")
            }
        }
        try apply(to: document, version: version, field: "contentChanges") {
            storage, unit throws(StorageError) in
            try storage.applyEdits(edits, unit: unit)
        }
    }

    /// `textStorage/edit`: NSRange-style edits in the negotiated encoding, applied in order as
    /// one transaction; with `"atomic": "expand"`, widened over the atomic spans they cut.
    /// Returns the edits applied.
    @discardableResult
    func edit(_ params: Params) throws(ResponseError) -> [TextEdit] {
        let document = try document(params.string("uri"))
        let version = try params.int("version")
        try checkVersion(version, of: document, field: "version")
        var edits: [TextEdit] = []
        for (index, edit) in try params.array("edits").enumerated() {
            let edit = Params(edit)
            do throws(ResponseError) {
                let offset = try edit.int("offset", atLeast: 0)
                let length = try edit.int("length", atLeast: 0)
                guard offset <= Int.max - length else { throw .invalidParams("offset + length is too large") }
                edits.append(TextEdit(location: offset, length: length, text: try edit.string("text")))
            } catch {
                throw .invalidParams("edits[\(index)].\(error.message)")
            }
        }
        let atomic = try atomicEditing(params)
        var applied = edits
        try apply(to: document, version: version, field: "edits") { storage, unit throws(StorageError) in
            let result = try storage.applyEdits(edits, unit: unit, atomic: atomic)
            applied = result.applied
            return result.transaction
        }
        return applied
    }

    /// How many visible lines a viewport message highlights before it returns; the rest of a
    /// very tall view is highlighted by the next slices, visible lines first.
    static let visibleLinesPerViewport = 1_000

    /// `textStorage/viewport`: records a view's visible range and highlights it first.
    func viewport(_ params: Params) throws(ResponseError) {
        let document = try document(params.string("uri"))
        let viewId: String
        switch params.optional("viewId") {
        case nil: viewId = "default"
        case .string(let name)?: viewId = name
        case .integer(let number)?: viewId = String(number)
        default: throw .invalidParams("viewId must be a string or an integer")
        }
        let (offset, length) = try params.offsetRange("range")
        let text = document.storage.text
        // A view may reach past the end of the text (a window taller than the document).
        let count = text.count(in: encoding)
        let lower: Int
        let upper: Int
        do throws(TextPositionError) {
            lower = try text.utf8Offset(min(offset, count), in: encoding)
            upper = try text.utf8Offset(min(offset + length, count), in: encoding)
        } catch {
            throw .invalidParams("range: \(error)")
        }
        // The highlighter schedules by lines: the lines the range touches.
        prioritize(
            text.lineIndex(containingUTF8: lower)..<(text.lineIndex(containingUTF8: upper) + 1), of: document,
            view: viewId)
    }

    /// Records `lines` as what view `view` shows and highlights them first: up to
    /// `visibleLinesPerViewport` at once (pushed now), the rest ahead of every other line.
    func prioritize(_ lines: Range<Int>, of document: Document, view: String) {
        document.viewports[view] = lines
        scheduleBackgroundWork(of: document)
        guard let highlighter = document.highlighter else { return }
        highlighter.setVisibleRanges(Array(document.viewports.values))
        highlighter.highlightVisibleLines(lineBudget: Self.visibleLinesPerViewport)
        if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
    }

    /// Runs one bounded slice of background highlighting and pushes what it changed; returns
    /// whether work remains anywhere.
    @discardableResult
    public func runBackgroundSlice() -> Bool {
        guard let document = nextBackgroundDocument() else { return false }
        document.runBackgroundSlice()
        // Consecutive slices' changes are pushed together, at most every
        // `backgroundPushInterval` (the storage keeps merging them until taken), so a client
        // applies a few large pushes instead of thousands of small ones.
        let now = DispatchTime.now().uptimeNanoseconds
        let since = backgroundChangesSince[document.uri] ?? now
        if document.hasPendingWork, now - since < Self.backgroundPushInterval {
            backgroundChangesSince[document.uri] = since
        } else {
            flushBackgroundChanges(of: document)
        }
        return hasBackgroundWork
    }

    /// Enters `document` in the background queue: it may have gained work, or a view.
    func scheduleBackgroundWork(of document: Document) {
        backgroundQueue.schedule(document.uri, rank: Self.backgroundRank(of: document))
    }

    /// The document the next background slice goes to: one a view shows first, then by URI.
    func nextBackgroundDocument() -> Document? {
        let documents = self.documents
        let uri = backgroundQueue.next { uri in
            guard let document = documents[uri], document.hasPendingWork else { return nil }
            return Self.backgroundRank(of: document)
        }
        return uri.flatMap { documents[$0] }
    }

    private static func backgroundRank(of document: Document) -> Int {
        document.viewports.isEmpty ? 1 : 0
    }

    /// How long background changes may wait to be pushed together.
    static let backgroundPushInterval: UInt64 = 10_000_000

    /// Pushes every document's background changes not pushed yet: before any message is
    /// handled, so pushes stay in order with the answers and edits around them.
    public func flushBackgroundChanges() {
        guard !backgroundChangesSince.isEmpty else { return }
        for uri in backgroundChangesSince.keys.sorted() {
            if let document = documents[uri] { flushBackgroundChanges(of: document) }
        }
        backgroundChangesSince.removeAll()
    }

    private func flushBackgroundChanges(of document: Document) {
        backgroundChangesSince[document.uri] = nil
        if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
        requestTokenRefreshIfNeeded(document)
    }

    private func checkVersion(_ version: Int, of document: Document, field: String) throws(ResponseError) {
        guard version > document.version else {
            throw .invalidParams(
                "\(field): version \(version) is not greater than the document's \(document.version)")
        }
    }

    /// Applies a batch; a rejected batch changes nothing and the document stays usable.
    private func apply(
        to document: Document, version: Int, field: String,
        _ body: (TextStorage, TextUnit) throws(StorageError) -> EditingTransaction?
    ) throws(ResponseError) {
        let transaction: EditingTransaction?
        do {
            transaction = try body(document.storage, encoding)
        } catch {
            throw .invalidParams("\(field): \(error)")
        }
        document.version = version
        if let transaction { push(document, transaction: transaction) }
    }

    /// The language and grammar for a document: a file association the user configured
    /// wins; then the client's language id (or alias); then the URI's file name, first line
    /// and modelines (`GrammarRegistry.languageId(forFile:text:)`); none for `plaintext`.
    func resolveLanguage(languageId: String, uri: String, text: String) -> (id: String?, grammar: Grammar?) {
        if languageId == GrammarRegistry.plainTextLanguageId { return (languageId, nil) }
        defer { logGrammarProblems() }
        let path = URL(string: uri)?.path ?? uri
        var candidates: [String] = []
        if let associated = registry.associatedLanguageId(forFile: path) { candidates.append(associated) }
        if !languageId.isEmpty { candidates.append(languageId) }
        for candidate in candidates {
            if let scope = registry.scopeName(forLanguage: candidate),
                let grammar = try? registry.grammar(scopeName: scope)
            {
                return (registry.canonicalLanguageId(candidate) ?? candidate, grammar)
            }
        }
        // Detection reads at most the first and last lines, never the whole text.
        guard let detected = registry.languageId(forFile: path, text: Substring(text)) else {
            return (nil, nil)
        }
        guard let scope = registry.scopeName(forLanguage: detected) else { return (detected, nil) }
        return (detected, try? registry.grammar(scopeName: scope))
    }
}
