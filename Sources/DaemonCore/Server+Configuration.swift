import DocumentStorage
import GrammarEngine
import Highlighting
import JSONRPC
import ThemeEngine

extension Server {
    /// `textDocument/didSave`: nothing to do (the server keeps no files), but the document
    /// must be open.
    func didSave(_ params: Params) throws(ResponseError) {
        _ = try document(params.string("textDocument.uri"))
    }

    /// `workspace/didChangeConfiguration`: `settings.highlightd` (or `settings` itself) may
    /// name a new `theme` and new `grammarPaths`. Every open document is then highlighted
    /// again from scratch: pushed whole to attribute clients, and a semantic tokens refresh
    /// asked of LSP clients that support it. A bad value changes nothing.
    func didChangeConfiguration(_ params: Params) throws(ResponseError) {
        let section: Params
        if params.optional("settings.highlightd") != nil {
            section = try params.object("settings.highlightd")
        } else if params.optional("settings") != nil, params.optional("settings")?.objectValue != nil {
            section = try params.object("settings")
        } else {
            return  // `settings` may be null or anything a client keeps there: nothing of ours.
        }
        var newStyles: StyleTable?
        if let name = try section.optionalString("theme") {
            do {
                newStyles = StyleTable(theme: try Theme.named(name))
            } catch {
                throw .invalidParams("settings.theme: \(error)")
            }
        }
        let paths = try grammarPaths(section, field: "grammarPaths")
        guard newStyles != nil || paths != nil else { return }
        if let newStyles {
            styles = newStyles
            definedStyles = [.plain]
        }
        if let paths { loadGrammars(extraPaths: paths) }
        for uri in documents.keys.sorted() {
            guard let old = documents[uri] else { continue }
            rebuild(old)
        }
        requestTokenRefreshForAll()
    }

    /// Replaces a document's storage by a fresh one over the same text, highlighted with the
    /// current grammars and theme, and pushes it whole.
    private func rebuild(_ old: Document) {
        let text = old.storage.string
        let document = Document(
            uri: old.uri, languageId: old.languageId, version: old.version, text: text,
            grammar: resolveGrammar(languageId: old.languageId, uri: old.uri, text: text), styles: styles)
        document.viewports = old.viewports
        document.highlighter?.setVisibleRanges(Array(document.viewports.values))
        documents[old.uri] = document
        let transaction = document.storage.reprocess(0..<document.storage.text.utf8Count)
        push(document, transaction: transaction)
    }
}
