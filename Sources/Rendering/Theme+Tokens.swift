import GrammarEngine
import ThemeEngine

extension Theme {
    /// The resolved style of each token, in order; each distinct stack is resolved once, from
    /// its parent's (`StackStyles`).
    public func styles(for tokens: [DocumentToken]) -> [TokenStyle] {
        let resolved = StackStyles(theme: self)
        return tokens.map { resolved.style(of: $0.stack) }
    }
}
