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

    public var description: String {
        switch self {
        case .unreadable(let path, let message): return "cannot read \(path): \(message)"
        case .malformed(let message): return "malformed grammar: \(message)"
        case .missingScopeName(let path): return "grammar without scopeName\(path.map { " in \($0)" } ?? "")"
        case .unknownGrammar(let key): return "no grammar for \(key)"
        case .invalidPattern(let grammar, let rulePath, let pattern, let message):
            return "\(grammar) \(rulePath): pattern \(pattern) disabled: \(message)"
        }
    }
}
