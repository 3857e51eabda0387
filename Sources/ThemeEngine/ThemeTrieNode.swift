/// A node of the theme trie, keyed by dot segments of scope names: vscode-textmate's
/// `ThemeTrieElement`.
///
/// A new child starts as a copy of its parent's rules, so `keyword` cascades into
/// `keyword.control` unless a deeper rule overrides it.
///
/// Thread safety: nodes are mutated only while a `Theme` is being built and are read-only once
/// the theme is published, hence the unchecked conformance.
final class ThemeTrieNode: @unchecked Sendable {
    /// The rule without parent scopes for the scope this node stands for.
    private(set) var mainRule: ThemeTrieRule
    /// Rules with parent scopes (or exclusions), in insertion order.
    private(set) var rulesWithParentScopes: [ThemeTrieRule]
    /// Children by the next dot segment.
    private var children: [Substring: ThemeTrieNode] = [:]
    /// Where each (parent scopes, exclusions) pair sits in `rulesWithParentScopes`, so that a
    /// theme with many parent-scoped rules for one scope is not searched linearly per rule.
    private var parentRuleIndex: [ParentRuleKey: Int]

    private struct ParentRuleKey: Hashable {
        var parentScopes: [String]
        var exclusions: [ScopeExclusion]
    }

    /// Creates a node holding copies of the given rules.
    init(mainRule: ThemeTrieRule, rulesWithParentScopes: [ThemeTrieRule] = []) {
        self.mainRule = mainRule
        self.rulesWithParentScopes = rulesWithParentScopes
        var index: [ParentRuleKey: Int] = [:]
        for (position, rule) in rulesWithParentScopes.enumerated() {
            index[ParentRuleKey(parentScopes: rule.parentScopes, exclusions: rule.exclusions)] = position
        }
        parentRuleIndex = index
    }

    private init(copying parent: ThemeTrieNode) {
        mainRule = parent.mainRule
        rulesWithParentScopes = parent.rulesWithParentScopes
        parentRuleIndex = parent.parentRuleIndex
    }

    /// Inserts `rule` at the node for `scope` (the part of the target scope left to walk), one
    /// level per dot segment; returns how many nodes were created.
    ///
    /// The walk is a loop, but a trie as deep as its longest scope is still freed recursively:
    /// `Theme` leaves out scopes with more than `Theme.maximumScopeSegments` segments.
    @discardableResult
    func insert(depth: Int, scope: Substring, rule: ThemeRule) -> Int {
        var node = self
        var depth = depth
        var rest = scope
        var created = 0
        while !rest.isEmpty {
            let (head, tail) = Self.split(rest)
            if let existing = node.children[head] {
                node = existing
            } else {
                let child = ThemeTrieNode(copying: node)
                node.children[head] = child
                node = child
                created += 1
            }
            depth += 1
            rest = tail
        }
        node.insertHere(depth: depth, rule: rule)
        return created
    }

    /// The candidate rules for `scope`, most specific first: the deepest node the scope's
    /// segments reach decides.
    func match(_ scope: Substring) -> [ThemeTrieRule] {
        var node = self
        var rest = scope
        while !rest.isEmpty {
            let (head, tail) = Self.split(rest)
            guard let child = node.children[head] else { break }
            node = child
            rest = tail
        }
        return node.candidates()
    }

    /// This node's rules, most specific first.
    private func candidates() -> [ThemeTrieRule] {
        // Parent-scoped rules come before the main rule, so ties keep them first (a stable sort
        // of `rulesWithParentScopes.concat(mainRule)` in vscode-textmate).
        let candidates = Array((rulesWithParentScopes + [mainRule]).enumerated())
        return candidates.sorted { lhs, rhs in
            let order = Self.compareSpecificity(lhs.element, rhs.element)
            return order == 0 ? lhs.offset < rhs.offset : order < 0
        }.map(\.element)
    }

    private func insertHere(depth: Int, rule: ThemeRule) {
        let parents = rule.selector.parentScopes
        let exclusions = rule.selector.exclusions
        if parents == nil, exclusions.isEmpty {
            mainRule.acceptOverwrite(depth: depth, from: rule)
            return
        }
        let parentList = parents ?? []
        let key = ParentRuleKey(parentScopes: parentList, exclusions: exclusions)
        if let index = parentRuleIndex[key] {
            rulesWithParentScopes[index].acceptOverwrite(depth: depth, from: rule)
            return
        }
        // A new parent-scoped rule starts from the main rule's fields, as in vscode-textmate.
        let inserted = ThemeTrieRule(
            scopeDepth: depth, parentScopes: parentList, exclusions: exclusions,
            fontStyle: rule.fontStyle ?? mainRule.fontStyle,
            foreground: rule.foreground ?? mainRule.foreground,
            background: rule.background ?? mainRule.background,
            selector: rule.selector.text)
        parentRuleIndex[key] = rulesWithParentScopes.count
        rulesWithParentScopes.append(inserted)
    }

    private static func split(_ scope: Substring) -> (Substring, Substring) {
        guard let dot = scope.firstIndex(of: ".") else { return (scope, "") }
        return (scope[..<dot], scope[scope.index(after: dot)...])
    }
}
