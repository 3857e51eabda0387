import GrammarEngine
import ThemeEngine

extension Theme {
    /// The resolved style of each token, in order; tokens with the same scopes share one
    /// resolution.
    public func styles(for tokens: [DocumentToken]) -> [TokenStyle] {
        var memo: [[String]: TokenStyle] = [:]
        return tokens.map { token in
            if let style = memo[token.scopes] { return style }
            let style = style(forScopes: token.scopes)
            memo[token.scopes] = style
            return style
        }
    }
}
