import RegexTranslation

extension GrammarRegistry {
    /// The scope registered for a language id or alias (case-insensitive).
    public func scopeName(forLanguage id: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return scopeLocked(forLanguage: id)
    }

    /// The language id a name stands for: an id, else an alias (case-insensitive).
    public func canonicalLanguageId(_ name: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return canonicalIdLocked(name)
    }

    func scopeLocked(forLanguage id: String) -> String? {
        if let scope = scopesByLanguage[id.lowercased()] { return scope }
        guard let canonical = canonicalIdLocked(id) else { return nil }
        return scopesByLanguage[canonical.lowercased()]
    }

    func canonicalIdLocked(_ name: String) -> String? {
        let wanted = name.lowercased()
        for language in languages.reversed() where language.id.lowercased() == wanted {
            return language.id
        }
        if let scope = scopesByLanguage[wanted],
            let id = entries[scope]?.languageIds.first(where: { $0.lowercased() == wanted })
        {
            return id
        }
        for language in languages.reversed()
        where language.aliases.contains(where: { $0.lowercased() == wanted }) {
            return language.id
        }
        return nil
    }

    /// The scope for a file whose text starts with `firstLine` (see ``languageId(forFile:text:)``).
    public func scopeName(forFile path: String, firstLine: String? = nil) -> String? {
        scopeName(forFile: path, text: firstLine.map { Substring($0) })
    }

    /// The scope for a file with the given text, or nil (plain text).
    public func scopeName(forFile path: String, text: Substring?) -> String? {
        guard let id = languageId(forFile: path, text: text) else { return nil }
        return scopeName(forLanguage: id)
    }

    /// The language a user file association gives the path (the latest matching glob), if any.
    public func associatedLanguageId(forFile path: String) -> String? {
        lock.lock()
        let associations = self.associations
        lock.unlock()
        return associations.last { $0.glob.matchesFile(atPath: path) }?.languageId
    }

    /// The language of a file, as VS Code decides it and then beyond:
    ///
    /// 1. the user's file associations (globs), the latest match winning;
    /// 2. a definition's `filenames` (the whole file name);
    /// 3. its `filenamePatterns`, the longest matching glob winning;
    /// 4. its `extensions`, the longest matching ending winning;
    /// 5. its `firstLine` pattern against the text's first line;
    /// 6. a Vim or Emacs modeline in the text (``Modeline``), naming an id, alias or extension.
    ///
    /// Ties go to the later definition, so an extension loaded later overrides an earlier one.
    public func languageId(forFile path: String, text: Substring? = nil) -> String? {
        let fileName = (path.split(separator: "/").last.map(String.init) ?? path)
        let lowered = fileName.lowercased()
        if let associated = associatedLanguageId(forFile: path) { return associated }
        lock.lock()
        let languages = self.languages
        lock.unlock()
        var patternMatch: (id: String, length: Int)?
        var extensionMatch: (id: String, length: Int)?
        for language in languages.reversed() {
            if language.filenames.contains(where: { $0.lowercased() == lowered }) { return language.id }
            for pattern in language.filenamePatterns where pattern.count > (patternMatch?.length ?? -1) {
                if FileGlob(pattern).matchesFile(atPath: path) { patternMatch = (language.id, pattern.count) }
            }
            for ending in language.extensions where ending.count > (extensionMatch?.length ?? 0) {
                if lowered.hasSuffix(ending.lowercased()) { extensionMatch = (language.id, ending.count) }
            }
        }
        if let match = patternMatch ?? extensionMatch { return match.id }
        guard let text else { return nil }
        let firstLine = Modeline.edgeLines(of: text).head.first ?? ""
        for language in languages.reversed() {
            guard let source = language.firstLine, let pattern = firstLinePattern(source) else { continue }
            var line = String(firstLine)
            if line.withUTF8({ pattern.firstMatch(in: $0, from: 0) != nil }) { return language.id }
        }
        guard let name = Modeline.languageName(in: text) else { return nil }
        return languageId(named: name, among: languages)
    }

    /// A modeline's name as a language id: an id or alias, else the language claiming the
    /// extension `.name` (`sh` → the language of `.sh` files).
    private func languageId(named name: String, among languages: [LanguageDefinition]) -> String? {
        if let id = canonicalLanguageId(name) { return id }
        let ending = "." + name.lowercased()
        return languages.last { $0.extensions.contains { $0.lowercased() == ending } }?.id
    }

    /// A one-line pattern of a language definition or configuration (a first line, a region
    /// marker), in Oniguruma syntax, compiled once and cached; nil when it does not compile.
    public func linePattern(_ source: String) -> Pattern? {
        firstLinePattern(source)
    }

    /// The compiled first-line pattern for a source (cached; nil when it does not compile).
    private func firstLinePattern(_ source: String) -> Pattern? {
        lock.lock()
        if let cached = firstLinePatterns[source] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let pattern = (try? OnigurumaTranslator.translate(source)).flatMap { try? Pattern($0.source) }
        lock.lock()
        defer { lock.unlock() }
        firstLinePatterns[source] = pattern
        return pattern
    }

    /// The compiled grammar for a language id.
    public func grammar(forLanguage id: String) throws(GrammarError) -> Grammar {
        guard let scope = scopeName(forLanguage: id) else { throw .unknownGrammar("language \(id)") }
        return try grammar(scopeName: scope)
    }

    /// The compiled grammar for a file.
    public func grammar(forFile path: String, firstLine: String? = nil) throws(GrammarError) -> Grammar {
        guard let scope = scopeName(forFile: path, firstLine: firstLine) else {
            throw .unknownGrammar("file \(path)")
        }
        return try grammar(scopeName: scope)
    }
}
