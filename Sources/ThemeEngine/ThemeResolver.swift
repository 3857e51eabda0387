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
    @exclusivity(unchecked) private var candidates: [String: [ThemeTrieRule]] = [:]

    /// A resolver for `theme`.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// What `Theme.resolve(_:parent:)` gives for the innermost scope of `scopePath`.
    public func resolve<Path: BidirectionalCollection<String>>(_ scopePath: Path, parent: TokenStyle)
        -> TokenStyle
    {
        guard let scope = scopePath.last else { return parent }
        let rules: [ThemeTrieRule]
        if let known = candidates[scope] {
            rules = known
        } else {
            rules = theme.candidateRules(for: scope)
            candidates[scope] = rules
        }
        let ancestors = scopePath.dropLast().reversed()
        guard let rule = Theme.firstAccepting(rules, scope: scope, ancestors: ancestors) else {
            return parent
        }
        return rule.applied(to: parent)
    }
}
