/// Errors of the grammar layer: loading grammar files, and patterns that cannot be used.
public enum GrammarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, message: String)
    /// The document is not valid JSON, plist or YAML, or not a grammar.
    case malformed(message: String)
    /// The grammar has no `scopeName`.
    case missingScopeName(path: String?)
    /// No grammar is registered for the scope, language, or file.
    case unknownGrammar(String)
    /// A rule's pattern failed to translate or compile; the rule is disabled.
    case invalidPattern(grammar: String, rulePath: String, pattern: String, message: String)
    /// A rule went past a limit that keeps a hostile grammar from exhausting the stack, memory
    /// or time (see `Grammar.Limits`); it is left out and the rest of the grammar works.
    case limitExceeded(grammar: String, rulePath: String, message: String)
    /// An injection selector cannot be used (see `ScopeSelector.maximumNesting`); the injection
    /// is ignored.
    case invalidSelector(grammar: String, selector: String, message: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let message): return "cannot read \(path): \(message)"
        case .malformed(let message): return "malformed grammar: \(message)"
        case .missingScopeName(let path): return "grammar without scopeName\(path.map { " in \($0)" } ?? "")"
        case .unknownGrammar(let key): return "no grammar for \(key)"
        case .invalidPattern(let grammar, let rulePath, let pattern, let message):
            return "\(grammar) \(rulePath): pattern \(pattern) disabled: \(message)"
        case .limitExceeded(let grammar, let rulePath, let message):
            return "\(grammar) \(rulePath): rule left out: \(message)"
        case .invalidSelector(let grammar, let selector, let message):
            return "\(grammar): injection selector \(selector.prefix(80)) ignored: \(message)"
        }
    }
}
