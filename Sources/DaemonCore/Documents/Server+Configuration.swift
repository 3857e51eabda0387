import DocumentStorage
import GrammarEngine
import Highlighting
import JSONRPC
import ThemeEngine

extension Server {
    /// `textDocument/didSave`: nothing to do (the server keeps no files), but the document
    /// must be open.
    func didSave(_ params: DocumentParams) {}

    /// `workspace/didChangeConfiguration`: `settings.highlightd` (or `settings` itself) may
    /// name a new `theme` (a built-in name, an extension theme's label or a path), new
    /// `grammarPaths`, `extensionPaths`, `vscodeExtensions` or `fileAssociations`. Every open
    /// document is then highlighted again from scratch: pushed whole to attribute clients, and
    /// a semantic tokens refresh asked of LSP clients that support it. A bad value changes
    /// nothing.
    func didChangeConfiguration(_ params: ConfigurationParams) throws(ResponseError) {
        guard !params.isEmpty else { return }
        // Extensions first: the theme may be one of their labels. Nothing changes when the
        // theme is refused.
        let previous = (registry, themes, extensionSettings, grammarPaths)
        if params.grammarPaths != nil || !params.extensions.isEmpty {
            extensionSettings = params.extensions.applied(to: extensionSettings)
            loadGrammars(extraPaths: params.grammarPaths ?? grammarPaths)
        }
        if let themeName = params.theme {
            do {
                styles = StyleTable(theme: try Theme.named(themeName, catalog: themes))
                definedStyles = [.plain]
            } catch {
                (registry, themes, extensionSettings, grammarPaths) = previous
                throw .invalidParams("settings.theme: \(error)")
            }
        }
        for uri in documents.keys.sorted() {
            guard let old = documents[uri] else { continue }
            rebuild(old)
        }
        requestTokenRefreshForAll()
    }

    /// Replaces a document's storage by a fresh one over the same text, highlighted with the
    /// current grammars and theme (keeping its spans, views and subscriptions), and pushes it
    /// whole.
    private func rebuild(_ old: DocumentSession) {
        let (detected, grammar) = resolveLanguage(
            languageId: old.languageId, uri: old.uri, text: old.storage.string)
        let features = languageFeatures(languageId: detected, scopeName: grammar?.scopeName)
        let document = old.rebuilt(
            grammar: grammar, detectedLanguageId: detected, styles: styles,
            sharedStyles: grammar.map { sharedStyles(for: $0, classification: features.classification) },
            features: features)
        documents[old.uri] = document
        let transaction = document.storage.reprocess(document.storage.text.utf8Range)
        push(document, transaction: transaction)
    }
}
