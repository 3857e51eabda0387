extension Grammar {
    /// Which injections apply under `scopes`: bit `i` set for `injections[i]`; nil when the
    /// grammar does not keep the answer (`memoizesInjections`), and each selector must be
    /// matched against the names.
    ///
    /// vscode-textmate matches every selector against the whole scope path at every scan: in a
    /// document nested thousands of levels deep (a line of `>` in Markdown is a block quote in
    /// a block quote per character, up to the 4,096 frames a rule stack may hold), each scan
    /// read the whole path, and three such lines took 4.6 s. A selector's answer depends only
    /// on the scopes that one of its words prefix-matches, so a node whose scope none names
    /// answers as its parent does. The answer is kept on each interned node; a new node walks
    /// up to the nearest one that knows or that some selector names, and only that one
    /// matches the selectors against its path.
    func injectionMask(under scopes: ScopeStack) -> UInt64? {
        guard memoizesInjections else { return nil }
        if let known = scopes.knownInjections { return known }
        guard scopes.isInterned else { return matchedInjections(scopes) }
        var passed: [ScopeStack] = []
        var node = scopes
        let mask: UInt64
        while true {
            if let known = node.knownInjections {
                mask = known
                break
            }
            guard let parent = node.parent, parent.isInterned, !isNamedByInjections(node.scopeName) else {
                mask = matchedInjections(node)
                node.rememberInjections(mask)
                break
            }
            passed.append(node)
            node = parent
        }
        for node in passed { node.rememberInjections(mask) }
        return mask
    }

    /// The injections whose selectors match the whole path of `scopes`.
    private func matchedInjections(_ scopes: ScopeStack) -> UInt64 {
        let names = scopes.scopeNames
        var mask: UInt64 = 0
        for (index, injection) in injections.enumerated() where injection.matcher(names) {
            mask |= 1 << UInt64(index)
        }
        return mask
    }

    /// Whether some selector's word prefix-matches `scopeName` (`ScopeSelector.matchesPath`).
    private func isNamedByInjections(_ scopeName: String) -> Bool {
        injectionIdentifiers.contains { ScopeSelector.prefixMatches($0, scopeName) }
    }
}
