/// A rule stored in the theme trie: vscode-textmate's `ThemeTrieElementRule`.
struct ThemeTrieRule: Sendable {
    /// How many dot segments of the target scope the rule was inserted at (its specificity).
    var scopeDepth: Int
    /// Ancestor patterns, nearest first; empty for a node's main rule.
    var parentScopes: [String]
    /// Paths where the rule does not apply (an extension; empty in vscode-textmate themes).
    var exclusions: [ScopeExclusion]
    /// The font style; nil inherits from the enclosing scope.
    var fontStyle: FontStyle?
    /// The text colour; nil inherits.
    var foreground: ThemeColor?
    /// The background colour; nil inherits.
    var background: ThemeColor?
    /// The selector text of the last rule that set a field here; nil when none did.
    var selector: String?

    /// `parent` with the fields this rule sets, and its selector when it sets any.
    func applied(to parent: TokenStyle) -> TokenStyle {
        var style = parent
        if let fontStyle { style.fontStyle = fontStyle }
        if let foreground { style.foreground = foreground }
        if let background { style.background = background }
        if setsAnything { style.ruleSelector = selector }
        return style
    }

    /// True when the rule sets at least one field.
    var setsAnything: Bool {
        fontStyle != nil || foreground != nil || background != nil
    }

    /// Merges a later rule with the same selector into this one, field by field.
    mutating func acceptOverwrite(depth: Int, from rule: ThemeRule) {
        // vscode-textmate logs and keeps the deeper depth if a shallower one ever arrives.
        scopeDepth = max(scopeDepth, depth)
        if let fontStyle = rule.fontStyle { self.fontStyle = fontStyle }
        if let foreground = rule.foreground { self.foreground = foreground }
        if let background = rule.background { self.background = background }
        if rule.fontStyle != nil || rule.foreground != nil || rule.background != nil {
            selector = rule.selector.text
        }
    }
}
