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
