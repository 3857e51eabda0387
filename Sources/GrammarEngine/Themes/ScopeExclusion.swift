/// The `- X` part of a theme selector such as `string - string.quoted`: a rule carrying it does
/// not apply where the scope path matches `X`.
///
/// vscode-textmate has no exclusions in themes; TextMate and syntect do. Rules without one
/// resolve exactly as in vscode-textmate.
struct ScopeExclusion: Hashable, Sendable, CustomStringConvertible {
    /// Descendant paths, any of which excludes: `-(a | b c)` is `[["a"], ["b", "c"]]`.
    var alternatives: [[String]]

    /// True when one alternative matches `scopePath` (outermost first, innermost included).
    ///
    /// Each identifier must prefix-match a scope (`a` matches `a` and `a.b`) at increasing
    /// depth, gaps allowed, like vscode-textmate's selector `nameMatcher`.
    func matches<Path: Collection<String>>(_ scopePath: Path) -> Bool {
        alternatives.contains { identifiers in
            var remaining = scopePath[...]
            for identifier in identifiers {
                guard let found = remaining.firstIndex(where: { ThemeScope.matches($0, identifier) }) else {
                    return false
                }
                remaining = remaining[remaining.index(after: found)...]
            }
            return !identifiers.isEmpty
        }
    }

    /// The exclusion as a selector fragment, used to order and merge rules.
    var description: String {
        let parts = alternatives.map { $0.joined(separator: " ") }
        return parts.count == 1 ? "-" + parts[0] : "-(" + parts.joined(separator: " | ") + ")"
    }
}
