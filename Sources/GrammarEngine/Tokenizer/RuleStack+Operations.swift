extension RuleStack {
    /// A new frame on top of this one (not canonical until the line ends).
    func push(
        ruleId: Int, enterPos: Int, anchorPos: Int, beginRuleCapturedEOL: Bool, endRule: String?,
        nameScopes: ScopeStack, contentScopes: ScopeStack
    ) -> RuleStack {
        RuleStack(
            parent: self, ruleId: ruleId, enterPos: enterPos, anchorPos: anchorPos,
            beginRuleCapturedEOL: beginRuleCapturedEOL, endRule: endRule, nameScopes: nameScopes,
            contentScopes: contentScopes, isCanonical: false)
    }

    /// This frame with other content scopes.
    func with(contentScopes: ScopeStack) -> RuleStack {
        if contentScopes === self.contentScopes { return self }
        return RuleStack(
            parent: parent, ruleId: ruleId, enterPos: enterPos, anchorPos: anchorPos,
            beginRuleCapturedEOL: beginRuleCapturedEOL, endRule: endRule, nameScopes: nameScopes,
            contentScopes: contentScopes, isCanonical: false)
    }

    /// This frame with a resolved end (or while) pattern.
    func with(endRule: String) -> RuleStack {
        if endRule == self.endRule { return self }
        return RuleStack(
            parent: parent, ruleId: ruleId, enterPos: enterPos, anchorPos: anchorPos,
            beginRuleCapturedEOL: beginRuleCapturedEOL, endRule: endRule, nameScopes: nameScopes,
            contentScopes: contentScopes, isCanonical: false)
    }

    /// The parent, or this frame when it is the root.
    func safePop() -> RuleStack { parent ?? self }

    /// vscode's `hasSameRuleAs`: walking down while frames share the new frame's enter
    /// position, is there one with the same rule?
    func hasSameRule(as other: RuleStack) -> Bool {
        var node: RuleStack? = self
        while let current = node, current.enterPos == other.enterPos {
            if current.ruleId == other.ruleId { return true }
            node = current.parent
        }
        return false
    }

    /// The scope names of the text inside the top frame, outermost first.
    public var scopeNames: [String] { contentScopes.scopeNames }
}
