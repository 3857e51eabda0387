/// Why a span rule was refused; the message names the rule.
public enum SpanRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A member has the wrong type (`path` is relative to the rule list, `[0].kind`).
    case malformed(path: String, message: String)
    /// More rules than `SpanRule.maximumRuleCount`.
    case tooManyRules(count: Int)
    /// The kind is empty.
    case emptyKind(rule: Int)
    /// The pattern is longer than `SpanRule.maximumPatternLength`.
    case patternTooLong(rule: Int, length: Int)
    /// The pattern did not translate from Oniguruma syntax or compile in PCRE2.
    case invalidPattern(rule: Int, pattern: String, message: String)
    /// A shortcode table names no shortcodes, or an entry has neither `image` nor `text`.
    case invalidTable(rule: Int, message: String)

    public var description: String {
        switch self {
        case .malformed(let path, let message): "spanRules\(path) \(message)"
        case .tooManyRules(let count): "spanRules has \(count) rules (at most \(SpanRule.maximumRuleCount))"
        case .emptyKind(let rule): "spanRules[\(rule)].kind must not be empty"
        case .patternTooLong(let rule, let length):
            "spanRules[\(rule)].pattern is \(length) bytes (at most \(SpanRule.maximumPatternLength))"
        case .invalidPattern(let rule, let pattern, let message):
            "spanRules[\(rule)].pattern \(pattern): \(message)"
        case .invalidTable(let rule, let message): "spanRules[\(rule)].table: \(message)"
        }
    }
}
