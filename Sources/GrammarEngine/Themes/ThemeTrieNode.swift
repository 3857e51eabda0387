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

    /// Creates a node holding copies of the given rules.
    init(mainRule: ThemeTrieRule, rulesWithParentScopes: [ThemeTrieRule] = []) {
        self.mainRule = mainRule
        self.rulesWithParentScopes = rulesWithParentScopes
    }

    /// Inserts `rule` at the node for `scope` (the part of the target scope left to walk).
    func insert(depth: Int, scope: Substring, rule: ThemeRule) {
        guard !scope.isEmpty else {
            insertHere(depth: depth, rule: rule)
            return
        }
        let (head, tail) = Self.split(scope)
        let child: ThemeTrieNode
        if let existing = children[head] {
            child = existing
        } else {
            child = ThemeTrieNode(mainRule: mainRule, rulesWithParentScopes: rulesWithParentScopes)
            children[head] = child
        }
        child.insert(depth: depth + 1, scope: tail, rule: rule)
    }

    /// The candidate rules for `scope`, most specific first: the deepest node the scope's
    /// segments reach decides.
    func match(_ scope: Substring) -> [ThemeTrieRule] {
        if !scope.isEmpty {
            let (head, tail) = Self.split(scope)
            if let child = children[head] {
                return child.match(tail)
            }
        }
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
        if let index = rulesWithParentScopes.firstIndex(where: {
            $0.parentScopes == parentList && $0.exclusions == exclusions
        }) {
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
        rulesWithParentScopes.append(inserted)
    }

    private static func split(_ scope: Substring) -> (Substring, Substring) {
        guard let dot = scope.firstIndex(of: ".") else { return (scope, "") }
        return (scope[..<dot], scope[scope.index(after: dot)...])
    }
}
