extension GrammarRegistry {
    /// The scope registered for a language id (case-insensitive).
    public func scopeName(forLanguage id: String) -> String? {
        let wanted = id.lowercased()
        return withEntries { entries, order in
            order.first { entries[$0]?.languageIds.contains { $0.lowercased() == wanted } == true }
        }
    }

    /// The scope for a file: the longest `fileTypes` entry that is the file's name or a
    /// suffix after a dot (`d.ts` beats `ts`), else the first grammar whose `firstLineMatch`
    /// matches the document's first line.
    public func scopeName(forFile path: String, firstLine: String? = nil) -> String? {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        return withEntries { entries, order in
            var best: (scope: String, length: Int)?
            for scope in order {
                guard let entry = entries[scope] else { continue }
                for type in entry.raw.fileTypes where fileName == type || fileName.hasSuffix("." + type) {
                    if type.count > (best?.length ?? -1) { best = (scope, type.count) }
                }
            }
            if let best { return best.scope }
            guard var line = firstLine else { return nil }
            for scope in order {
                guard let pattern = entries[scope]?.firstLine else { continue }
                let found = line.withUTF8 { pattern.firstMatch(in: $0, from: 0) != nil }
                if found { return scope }
            }
            return nil
        }
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
