extension GrammarRegistry {
    /// The `embeddedLanguages` map of a scope's grammar (scope → language id); empty for a
    /// grammar that gave none.
    public func embeddedLanguages(scopeName: String) -> [String: String] {
        lock.lock()
        defer { lock.unlock() }
        return entries[scopeName]?.definition?.embeddedLanguages ?? [:]
    }

    /// The `tokenTypes` map of a scope's grammar (scope → `string`, `comment` or `other`).
    public func tokenTypes(scopeName: String) -> [String: String] {
        lock.lock()
        defer { lock.unlock() }
        return entries[scopeName]?.definition?.tokenTypes ?? [:]
    }

    /// The `balancedBracketScopes` and `unbalancedBracketScopes` of a scope's grammar (empty
    /// when it gave none).
    public func bracketScopes(scopeName: String) -> (balanced: [String], unbalanced: [String]) {
        lock.lock()
        defer { lock.unlock() }
        let definition = entries[scopeName]?.definition
        return (definition?.balancedBracketScopes ?? [], definition?.unbalancedBracketScopes ?? [])
    }

    /// The root scopes a grammar is injected into (`injectTo`); empty for other grammars.
    public func injectsInto(scopeName: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries[scopeName]?.injectTo ?? []
    }

    /// The language of text with the given scopes (outermost first) in a document of
    /// `languageId` highlighted by the grammar of `rootScope`.
    ///
    /// From the innermost scope out: a scope the root grammar's `embeddedLanguages` maps
    /// (the key itself or a scope below it, `meta.embedded.block.css` under
    /// `meta.embedded.block`) gives its language; a scope that is another grammar's root
    /// (`source.js` named by a rule) gives that grammar's language; so does
    /// `meta.embedded.block.<id>` or `meta.embedded.inline.<id>` for a known language id (the
    /// convention VS Code's grammars and ``MarkdownFences`` follow); then the maps of the
    /// grammars injected into the root. Else the document's own language.
    public func language(atScopes scopes: [String], rootScope: String, languageId: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        var maps = [entries[rootScope]?.definition?.embeddedLanguages ?? [:]]
        for scope in order where entries[scope]?.injectTo.contains(rootScope) == true {
            maps.append(entries[scope]?.definition?.embeddedLanguages ?? [:])
        }
        for scope in scopes.reversed() {
            for map in maps where !map.isEmpty {
                var key = Substring(scope)
                while !key.isEmpty {
                    if let language = map[String(key)] { return language }
                    guard let dot = key.lastIndex(of: ".") else { break }
                    key = key[..<dot]
                }
            }
            if scope != rootScope, let id = entries[scope]?.languageIds.first { return id }
            for prefix in ["meta.embedded.block.", "meta.embedded.inline."] where scope.hasPrefix(prefix) {
                let id = String(scope.dropFirst(prefix.count))
                if scopesByLanguage[id.lowercased()] != nil { return canonicalIdLocked(id) ?? id }
            }
        }
        return languageId
    }
}
