import DocumentStorage
import Foundation
import GrammarEngine
import JSONRPC
import TextRope

extension Server {
    /// `textDocument/didOpen`: a new storage, highlighted and pushed as one transaction over
    /// the whole text.
    func didOpen(_ params: DidOpenParams) {
        let (detected, grammar) = resolveLanguage(
            languageId: params.languageId, uri: params.uri, text: params.text)
        let features = languageFeatures(languageId: detected, scopeName: grammar?.scopeName)
        let document = DocumentSession(
            uri: params.uri, languageId: params.languageId, version: params.version, text: params.text,
            grammar: grammar, styles: styles,
            sharedStyles: grammar.map { sharedStyles(for: $0, classification: features.classification) },
            spanRules: params.spanRules, features: features)
        document.detectedLanguageId = detected
        documents[params.uri] = document
        if !params.givenSpans.isEmpty {
            document.storage.setSpans(params.givenSpans, replacingIn: document.storage.text.utf8Range)
        }
        // A block of 100,000 bad ranges gets a few lines, not 100,000 notifications.
        var shown = params.warnings.prefix(Self.maximumOpenWarnings)
        if params.warnings.count > shown.count {
            shown.append("textDocument/didOpen: \(params.warnings.count - shown.count) more ranges skipped")
        }
        for warning in shown {
            log("textDocument/didOpen: \(warning)")
            send(
                .notification(method: "window/logMessage", params: ["type": 2, "message": .string(warning)]))
        }
        let transaction = document.storage.reprocess(document.storage.text.utf8Range)
        push(document, transaction: transaction)
    }

    /// The most warnings about skipped ranges one open sends, besides a count of the rest.
    static let maximumOpenWarnings = 16

    /// `textDocument/didClose`.
    func didClose(_ params: DocumentParams) {
        documents[params.document.uri] = nil
    }

    /// `textDocument/didChange`: the content changes applied in order as one transaction.
    func didChange(_ params: DidChangeParams) throws(ResponseError) {
        try apply(
            to: params.document, version: params.version, versionField: "textDocument.version",
            field: "contentChanges"
        ) {
            storage, unit throws(StorageError) in
            try storage.applyEdits(params.edits, unit: unit)
        }
    }

    /// `textStorage/edit`: the edits applied in order as one transaction; with
    /// `"atomic": "expand"`, widened over the atomic spans they cut. Returns the edits applied.
    @discardableResult
    func edit(_ params: EditParams) throws(ResponseError) -> EditResult {
        var applied = params.edits
        try apply(to: params.document, version: params.version, versionField: "version", field: "edits") {
            storage, unit throws(StorageError) in
            let result = try storage.applyEdits(params.edits, unit: unit, atomic: params.atomic)
            applied = result.applied
            return result.transaction
        }
        return EditResult(version: params.document.version, applied: applied)
    }

    /// How many visible lines a viewport message highlights before it returns; the rest of a
    /// very tall view is highlighted by the next slices, visible lines first.
    static let visibleLinesPerViewport = 1_000

    /// `textStorage/viewport`: records a view's visible range and highlights it first.
    func viewport(_ params: ViewportParams) {
        prioritize(params.lines, of: params.document, view: params.viewId)
    }

    /// Records `lines` as what view `view` shows and highlights them first: up to
    /// `visibleLinesPerViewport` at once (pushed now), the rest ahead of every other line.
    func prioritize(_ lines: Range<LineIndex>, of document: DocumentSession, view: String) {
        document.viewports[view] = lines
        document.reportBracketsNearViewports()
        scheduleBackgroundWork(of: document)
        guard let highlighter = document.highlighter else { return }
        highlighter.setVisibleRanges(Array(document.viewports.values))
        highlighter.highlightVisibleLines(lineBudget: Self.visibleLinesPerViewport)
        if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
        // Bracket depths that changed while these lines were out of sight.
        if let delta = document.storage.takeDeferredBracketChanges() { push(document, delta: delta) }
    }

    /// Applies a batch at a version greater than the document's; a rejected batch changes
    /// nothing and the document stays usable.
    private func apply(
        to document: DocumentSession, version: Int, versionField: String, field: String,
        _ body: (TextStorage, TextUnit) throws(StorageError) -> EditingTransaction?
    ) throws(ResponseError) {
        guard version > document.version else {
            throw .invalidParams(
                "\(versionField): version \(version) is not greater than the document's \(document.version)")
        }
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
