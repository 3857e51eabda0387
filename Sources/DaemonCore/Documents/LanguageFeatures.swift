import GrammarEngine
import Highlighting

/// What a document's language adds to its grammar: its configuration (comments, brackets,
/// region markers), how its tokens are classified and which bracket pairs it colours.
struct LanguageFeatures {
    /// The language configuration, if the language has one.
    var configuration: LanguageConfiguration?
    /// Token kinds and bracket scopes from the grammar's contribution.
    var classification: TokenClassification
    /// The bracket pairs to colour and match (nil: none, or colourization switched off).
    var brackets: BracketSet?

    /// No configuration, standard kinds, no brackets (plain text).
    static let none = LanguageFeatures(configuration: nil, classification: .standard, brackets: nil)
}

extension Server {
    /// The features of a document of language `languageId` highlighted with the grammar of
    /// `scopeName`.
    func languageFeatures(languageId: String?, scopeName: String?) -> LanguageFeatures {
        guard let scopeName else { return .none }
        let configuration = languageId.flatMap { registry.languageConfiguration(forLanguage: $0) }
        let scopes = registry.bracketScopes(scopeName: scopeName)
        let classification = TokenClassification(
            tokenTypes: registry.tokenTypes(scopeName: scopeName), balancedBracketScopes: scopes.balanced,
            unbalancedBracketScopes: scopes.unbalanced)
        let brackets = colorsBracketPairs ? configuration.flatMap { BracketSet(pairs: $0.pairs) } : nil
        defer { logGrammarProblems() }
        return LanguageFeatures(
            configuration: configuration, classification: classification, brackets: brackets)
    }
}

/// One grammar's style cache for one style table, with both held so neither can be freed and
/// its address reused by another while the entry exists.
struct SharedStylesEntry {
    let grammar: Grammar
    let styles: StyleTable
    let cache: SharedScopeStyles
}

extension Server {
    /// The style cache every document highlighted with `grammar` and the current styles
    /// shares. The classification comes from the grammar's scope name, so one cache fits all
    /// of them.
    func sharedStyles(for grammar: Grammar, classification: TokenClassification) -> SharedScopeStyles {
        if let entry = sharedStyleCaches.first(where: { $0.grammar === grammar && $0.styles === styles }) {
            return entry.cache
        }
        let cache = SharedScopeStyles(classification: classification)
        sharedStyleCaches.append(SharedStylesEntry(grammar: grammar, styles: styles, cache: cache))
        return cache
    }

    /// Forgets the caches no open document uses (after documents close, grammars are
    /// reloaded or the theme changes), and the grammars and stacks they held.
    func dropUnusedStyleCaches() {
        let used = Set(
            documents.values.compactMap { $0.highlighter.map { ObjectIdentifier($0.sharedStyles) } })
        sharedStyleCaches.removeAll { !used.contains(ObjectIdentifier($0.cache)) }
    }
}
