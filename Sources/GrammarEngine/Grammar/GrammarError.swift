import ResourceFiles

/// Errors of the grammar layer: loading grammar files, and patterns that cannot be used.
public enum GrammarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, message: String)
    /// The path names a directory, device, FIFO or socket, not a grammar file.
    case notRegularFile(path: String)
    /// The file is larger than `limit` bytes, the most read for a grammar.
    case tooLarge(path: String, limit: Int)
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
        case .notRegularFile(let path): return "cannot read \(path): not a regular file"
        case .tooLarge(let path, let limit): return "cannot read \(path): larger than \(limit) bytes"
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

extension GrammarError {
    /// The grammar layer's error for a file that was not read.
    init(_ error: ResourceFileError) {
        switch error {
        case .unreadable(let path, let reason): self = .unreadable(path: path, message: reason)
        case .notRegularFile(let path): self = .notRegularFile(path: path)
        case .tooLarge(let path, let limit): self = .tooLarge(path: path, limit: limit)
        }
    }
}
