extension GrammarRegistry {
    /// One language as the registry serves it: every definition of its id merged (VS Code
    /// merges contributions of one id), with the grammar that highlights it.
    public struct LanguageSummary: Sendable, Hashable {
        /// The language id.
        public var id: String
        /// Display names from every definition.
        public var aliases: [String]
        /// File name endings from every definition.
        public var extensions: [String]
        /// Whole file names from every definition.
        public var filenames: [String]
        /// Globs from every definition.
        public var filenamePatterns: [String]
        /// The root scope of its grammar; nil when no grammar serves it (plain text).
        public var scopeName: String?
        /// Where its grammar came from (else its latest definition).
        public var origin: String
    }

    /// The registered root scopes, in registration order.
    public var scopeNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        return order
    }

    /// The language ids a scope is registered under.
    public func languageIds(scopeName: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries[scopeName]?.languageIds ?? []
    }

    /// Where a scope's grammar came from (`bundled`, a file, an extension), nil if unknown.
    public func origin(scopeName: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return entries[scopeName]?.origin
    }

    /// Every language: those defined, then those only a grammar names; sorted by id.
    public var languageSummaries: [LanguageSummary] {
        lock.lock()
        defer { lock.unlock() }
        var byId: [String: LanguageSummary] = [:]
        func add(_ values: [String], to list: inout [String]) {
            for value in values where !list.contains(value) { list.append(value) }
        }
        for language in languages {
            let key = language.id.lowercased()
            var summary =
                byId[key]
                ?? LanguageSummary(
                    id: language.id, aliases: [], extensions: [], filenames: [], filenamePatterns: [],
                    scopeName: nil, origin: language.origin)
            add(language.aliases, to: &summary.aliases)
            add(language.extensions, to: &summary.extensions)
            add(language.filenames, to: &summary.filenames)
            add(language.filenamePatterns, to: &summary.filenamePatterns)
            summary.origin = language.origin
            byId[key] = summary
        }
        for scope in order {
            for id in entries[scope]?.languageIds ?? [] where byId[id.lowercased()] == nil {
                byId[id.lowercased()] = LanguageSummary(
                    id: id, aliases: [], extensions: [], filenames: [], filenamePatterns: [], scopeName: nil,
                    origin: entries[scope]?.origin ?? "")
            }
        }
        for (key, var summary) in byId {
            summary.scopeName = scopeLocked(forLanguage: summary.id)
            if let scope = summary.scopeName, let origin = entries[scope]?.origin { summary.origin = origin }
            byId[key] = summary
        }
        return byId.values.sorted { $0.id < $1.id }
    }
}
