/// Maps TextMate scopes to LSP semantic token types and modifiers.
///
/// Each rule names a scope prefix (`entity.name.function` matches `entity.name.function` and
/// `entity.name.function.js`, never `entity.name.functional`). A token takes the rule matched
/// by its **innermost** scope that matches any rule; among the rules matching that scope the
/// longest prefix wins. So a string's quote (`punctuation.definition.string.begin` inside
/// `string.quoted.double`) is a `string`, while `keyword.operator` beats `keyword`. The
/// default table is documented in docs/HIGHLIGHTING.md.
public struct SemanticTokenMapping: Sendable {
    /// One mapping rule.
    public struct Rule: Hashable, Sendable {
        /// The scope prefix the rule matches.
        public var scope: String
        /// The LSP token type (a name from `SemanticTokenLegend.tokenTypes`).
        public var tokenType: String
        /// LSP token modifiers (names from `SemanticTokenLegend.tokenModifiers`).
        public var modifiers: [String]

        /// Creates a rule.
        public init(_ scope: String, _ tokenType: String, _ modifiers: [String] = []) {
            self.scope = scope
            self.tokenType = tokenType
            self.modifiers = modifiers
        }
    }

    /// What a scope path maps to.
    public struct Match: Hashable, Sendable {
        /// The rule's scope prefix: the scope that chose the token type.
        public var scope: String
        /// The index of the token type in `SemanticTokenLegend.tokenTypes`.
        public var tokenType: Int
        /// The modifier bit set (`SemanticTokenLegend.modifierBits`).
        public var modifiers: UInt32
    }

    /// The rules, by scope prefix (keyed by substrings so that looking up a scope's prefixes
    /// copies none of them).
    private let rules: [Substring: Match]

    /// A mapping from rules; a later rule for the same scope replaces an earlier one.
    public init(rules: [Rule]) {
        var table: [Substring: Match] = [:]
        for rule in rules {
            guard let type = SemanticTokenLegend.typeIndex(rule.tokenType) else { continue }
            table[Substring(rule.scope)] = Match(
                scope: rule.scope, tokenType: type,
                modifiers: SemanticTokenLegend.modifierBits(rule.modifiers))
        }
        self.rules = table
    }

    /// The match of the innermost matching scope of a path (outermost first), or nil.
    public func match<Path: BidirectionalCollection<String>>(_ scopes: Path) -> Match? {
        for scope in scopes.reversed() {
            if let found = match(scope: scope) { return found }
        }
        return nil
    }

    /// The longest rule prefix of one scope, or nil.
    public func match(scope: String) -> Match? {
        var candidate = Substring(scope)
        while true {
            if let found = rules[candidate] { return found }
            guard let dot = candidate.lastIndex(of: ".") else { return nil }
            candidate = candidate[..<dot]
        }
    }
}
