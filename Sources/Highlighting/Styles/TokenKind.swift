import GrammarEngine

/// What kind of text a token is, as editors ask it of their own syntax: a comment, a string,
/// a regular expression or other text (VS Code's "standard token type"). Spell checking looks
/// inside comments and strings only; bracket matching skips brackets in all three.
public enum TokenKind: String, Hashable, Sendable, CaseIterable {
    case other
    case comment
    case string
    case regex

    /// The kind of a token with `scopes` (outermost first): the innermost scope whose name
    /// holds `comment`, `string` or `regex` as a dot-separated word decides, and
    /// `meta.embedded` (code embedded in a string, say) makes it other text again; then
    /// `overrides`, a grammar's `tokenTypes`, have the last word.
    public init(scopes: [String], overrides: TokenKindOverrides = .none) {
        var kind = TokenKind.other
        for scope in scopes {
            if let own = Self.standard(ofScope: scope) { kind = own }
        }
        self = overrides.kind(of: scopes) ?? kind
    }

    /// The kind a scope name gives on its own, or nil when it names none: the first of
    /// `comment`, `string`, `regex` or `meta.embedded` found as a whole word in it (words are
    /// runs of letters, digits and `_`, as a regular expression's `\b` sees them, so
    /// `string.regexp` is a string).
    public static func standard(ofScope scope: String) -> TokenKind? {
        // Walks the words in place: this runs for every new scope a highlighter meets, and
        // splitting made an array each time.
        var previous: Substring?
        var index = scope.startIndex
        while index < scope.endIndex {
            guard isWordCharacter(scope[index]) else {
                index = scope.index(after: index)
                continue
            }
            let start = index
            repeat {
                index = scope.index(after: index)
            } while index < scope.endIndex && isWordCharacter(scope[index])
            let word = scope[start..<index]
            switch word {
            case "comment": return .comment
            case "string": return .string
            case "regex": return .regex
            case "embedded" where previous == "meta" && scope[previous!.endIndex..<start] == ".":
                return .other
            default: previous = word
            }
        }
        return nil
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

/// A grammar's `tokenTypes` (VS Code's grammar contribution): scope selectors whose tokens
/// are of a given kind whatever their scope names say (`meta.template.expression` inside a
/// template string is code, not string).
public struct TokenKindOverrides: Sendable {
    private let rules: [(matcher: ScopeSelector.Matcher, kind: TokenKind)]

    /// No overrides.
    public static let none = TokenKindOverrides(rules: [])

    private init(rules: [(matcher: ScopeSelector.Matcher, kind: TokenKind)]) {
        self.rules = rules
    }

    /// The overrides of a `tokenTypes` map (selector → `comment`, `string`, `regex` or
    /// `other`); entries naming another kind are left out.
    public init(tokenTypes: [String: String]) {
        var rules: [(matcher: ScopeSelector.Matcher, kind: TokenKind)] = []
        // A map has no order: longer selectors, the more specific, are tried last and win.
        for (selector, name) in tokenTypes.sorted(by: { ($0.key.count, $0.key) < ($1.key.count, $1.key) }) {
            guard let kind = TokenKind(rawValue: name) else { continue }
            for (matcher, _) in ScopeSelector.parse(selector) { rules.append((matcher, kind)) }
        }
        self.rules = rules
    }

    /// Whether there are no overrides.
    public var isEmpty: Bool { rules.isEmpty }

    /// The kind the last matching override gives, or nil when none matches.
    public func kind(of scopes: [String]) -> TokenKind? {
        rules.last { $0.matcher(scopes) }?.kind
    }
}
