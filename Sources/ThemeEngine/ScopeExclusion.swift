/// The `- X` part of a theme selector such as `string - string.quoted`: a rule carrying it does
/// not apply where the scope path matches `X`.
///
/// vscode-textmate has no exclusions in themes; TextMate and syntect do. Rules without one
/// resolve exactly as in vscode-textmate.
struct ScopeExclusion: Hashable, Sendable, CustomStringConvertible {
    /// Descendant paths, any of which excludes: `-(a | b c)` is `[["a"], ["b", "c"]]`.
    var alternatives: [[String]]

    /// True when one alternative matches the path of `scope` inside `ancestors` (nearest
    /// first).
    ///
    /// Each identifier must prefix-match a scope (`a` matches `a` and `a.b`) at increasing
    /// depth, gaps allowed, like vscode-textmate's selector `nameMatcher`. Matching greedily
    /// from the innermost end finds such a subsequence exactly when matching from the outermost
    /// end does.
    func matches<Ancestors: Collection<String>>(scope: String, ancestors: Ancestors) -> Bool {
        alternatives.contains { identifiers in
            var pending = identifiers.count - 1
            guard pending >= 0 else { return false }
            if ThemeScope.matches(scope, identifiers[pending]) { pending -= 1 }
            for ancestor in ancestors where pending >= 0 {
                if ThemeScope.matches(ancestor, identifiers[pending]) { pending -= 1 }
            }
            return pending < 0
        }
    }

    /// The exclusion as a selector fragment, used to order and merge rules.
    var description: String {
        let parts = alternatives.map { $0.joined(separator: " ") }
        return parts.count == 1 ? "-" + parts[0] : "-(" + parts.joined(separator: " | ") + ")"
    }
}
