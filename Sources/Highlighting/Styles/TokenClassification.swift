import GrammarEngine

/// How a grammar's tokens are classified beyond their colours: their kind (comment, string,
/// regular expression, other), with the grammar's `tokenTypes` overrides, and whether brackets
/// inside them count as bracket pairs.
///
/// Brackets count in tokens of kind other, unless the grammar's `unbalancedBracketScopes`
/// match the token's scopes; `balancedBracketScopes` limit them to the tokens they match
/// (their default, `*`, allows every token), as VS Code's bracket pair colourization reads
/// a grammar contribution.
public struct TokenClassification: Sendable {
    /// The grammar's `tokenTypes`.
    public var kinds: TokenKindOverrides
    private let balanced: [ScopeSelector.Matcher]
    private let unbalanced: [ScopeSelector.Matcher]
    private let allowsAnyBalanced: Bool

    /// Kinds from scope names alone; brackets count in every token of kind other.
    public static let standard = TokenClassification()

    /// A classification from a grammar contribution's `tokenTypes`, `balancedBracketScopes`
    /// and `unbalancedBracketScopes`.
    public init(
        tokenTypes: [String: String] = [:], balancedBracketScopes: [String] = ["*"],
        unbalancedBracketScopes: [String] = []
    ) {
        kinds = TokenKindOverrides(tokenTypes: tokenTypes)
        let given = balancedBracketScopes.isEmpty ? ["*"] : balancedBracketScopes
        allowsAnyBalanced = given.contains("*")
        balanced = given.filter { $0 != "*" }.flatMap { ScopeSelector.parse($0).map(\.matcher) }
        unbalanced = unbalancedBracketScopes.flatMap { ScopeSelector.parse($0).map(\.matcher) }
    }

    /// Whether classifying a token needs its whole scope path (some selector must be matched),
    /// rather than only its innermost scope and its parent's classification.
    public var needsScopePath: Bool {
        !kinds.isEmpty || !balanced.isEmpty || !unbalanced.isEmpty || !allowsAnyBalanced
    }

    /// The kind of a token with `scopes` (outermost first).
    public func kind(of scopes: [String]) -> TokenKind {
        TokenKind(scopes: scopes, overrides: kinds)
    }

    /// Whether brackets inside a token of `kind` with `scopes` count.
    public func countsBrackets(kind: TokenKind, scopes: [String]) -> Bool {
        guard kind == .other else { return false }
        if unbalanced.contains(where: { $0(scopes) }) { return false }
        return allowsAnyBalanced || balanced.contains { $0(scopes) }
    }
}
