/// Resolves styles for one thread, keeping the candidate rules of the scope names it has seen
/// without a lock.
///
/// `Theme.resolve` shares one locked cache between every thread using the theme. A renderer
/// that resolves thousands of stacks on each of several threads paid for that lock on every
/// scope (and, with two threads, for waits in the kernel when they met on one shard); its
/// names repeat, so a thread's own table in front of the shared one answers nearly all of
/// them. Not thread-safe: one per thread (so its table skips the dynamic exclusivity checks).
public final class ThemeResolver {
    /// The theme resolved against.
    public let theme: Theme
    @exclusivity(unchecked) private var rulesByName: [String: NameRules] = [:]

    /// A scope name's candidate rules, and whether any of them looks at the ancestors.
    private struct NameRules {
        let candidates: [ThemeTrieRule]
        let dependsOnAncestors: Bool
    }

    /// A resolver for `theme`.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// What `Theme.resolve(scope:ancestors:parent:)` gives for `scope` pushed inside
    /// `ancestors` (nearest first), given `parent`, the ancestors' resolved style.
    public func resolve<Ancestors: Collection<String>>(
        scope: String, ancestors: Ancestors, parent: TokenStyle
    ) -> TokenStyle {
        guard let rule = Theme.firstAccepting(rules(of: scope).candidates, scope: scope, ancestors: ancestors)
        else { return parent }
        return rule.applied(to: parent)
    }

    /// Whether the style of `scope` depends on more than its parent's style: true when a rule
    /// that may style it names parent scopes or exclusions. When false, `scope` pushed on any
    /// two paths with equal styles gets equal styles.
    public func dependsOnAncestors(_ scope: String) -> Bool {
        rules(of: scope).dependsOnAncestors
    }

    private func rules(of scope: String) -> NameRules {
        if let known = rulesByName[scope] { return known }
        let candidates = theme.candidateRules(for: scope)
        let rules = NameRules(
            candidates: candidates,
            dependsOnAncestors: candidates.contains { !$0.parentScopes.isEmpty || !$0.exclusions.isEmpty })
        rulesByName[scope] = rules
        return rules
    }
}
