extension Theme {
    /// Resolves the style of the innermost scope of `scopePath` (outermost first), given
    /// `parent`, the resolved style of the path without its last scope.
    ///
    /// This is the per-push step of a tokenizer: pass `defaultStyle` as the parent of the root
    /// scope, then each result as the parent of the next. Fields the matching rule leaves unset
    /// are inherited from `parent`.
    ///
    /// - Complexity: one cached lookup by scope name, plus a walk up the path for rules with
    ///   parent scopes; O(1) amortized for themes whose rules for that scope have no parents.
    public func resolve<Path: BidirectionalCollection<String>>(
        _ scopePath: Path, parent: TokenStyle
    ) -> TokenStyle {
        guard let scope = scopePath.last else { return parent }
        return resolve(scope: scope, ancestors: scopePath.dropLast().reversed(), parent: parent)
    }

    /// Resolves the style of `scope` pushed inside `ancestors` (nearest first, as a linked scope
    /// stack walks them), given `parent`, the resolved style of the ancestors.
    ///
    /// - Complexity: as `resolve(_:parent:)`; the ancestors are walked only for rules with
    ///   parent scopes or exclusions, and must allow several passes.
    public func resolve<Ancestors: Collection<String>>(
        scope: String, ancestors: Ancestors, parent: TokenStyle
    ) -> TokenStyle {
        guard let rule = effectiveRule(scope: scope, ancestors: ancestors) else { return parent }
        return rule.applied(to: parent)
    }

    /// Resolves the style of a whole scope path (outermost first) from the theme's defaults.
    ///
    /// A scope name containing spaces counts as several scopes, as in vscode-textmate.
    public func style(forScopes scopes: [String]) -> TokenStyle {
        let path =
            scopes.contains { $0.utf8.contains(UInt8(ascii: " ")) }
            ? scopes.flatMap { $0.split(separator: " ").map(String.init) } : scopes
        var style = defaultStyle
        for end in path.indices {
            style = resolve(path[...end], parent: style)
        }
        return style
    }

    /// The first candidate rule for `scope` whose parents and exclusions accept its ancestors
    /// (nearest first).
    func effectiveRule<Ancestors: Collection<String>>(scope: String, ancestors: Ancestors) -> ThemeTrieRule? {
        Self.firstAccepting(candidateRules(for: scope), scope: scope, ancestors: ancestors)
    }

    /// The rules that may style `scope`, most specific first, whatever its ancestors: from the
    /// shared cache.
    func candidateRules(for scope: String) -> [ThemeTrieRule] {
        cache.rules(for: scope) { [root] in root.match(Substring($0)) }
    }

    /// The first of `candidates` whose parents and exclusions accept `ancestors` (nearest
    /// first).
    static func firstAccepting<Ancestors: Collection<String>>(
        _ candidates: [ThemeTrieRule], scope: String, ancestors: Ancestors
    ) -> ThemeTrieRule? {
        candidates.first { rule in
            parentsMatch(ancestors, rule.parentScopes)
                && !rule.exclusions.contains { $0.matches(scope: scope, ancestors: ancestors) }
        }
    }

    /// vscode-textmate's `_scopePathMatchesParentScopes`: each pattern (nearest first) must
    /// match an ancestor (nearest first), walking outwards; `>` demands the very next ancestor.
    static func parentsMatch<Ancestors: Collection<String>>(_ ancestors: Ancestors, _ patterns: [String])
        -> Bool
    {
        guard !patterns.isEmpty else { return true }
        var remaining = ancestors[...]
        var index = 0
        while index < patterns.count {
            var pattern = patterns[index]
            var mustBeNext = false
            if pattern == ">" {
                guard index < patterns.count - 1 else { return false }
                index += 1
                pattern = patterns[index]
                mustBeNext = true
            }
            var found = false
            while let nearest = remaining.first {
                remaining = remaining.dropFirst()
                if ThemeScope.matches(nearest, pattern) {
                    found = true
                    break
                }
                if mustBeNext { return false }
            }
            guard found else { return false }
            index += 1
        }
        return true
    }
}
