import Foundation

extension BundledGrammars {
    /// A new registry holding every bundled and user grammar, and the loading report.
    public func makeRegistry(
        configuration: Grammar.Configuration = .init()
    ) -> (registry: GrammarRegistry, report: LoadReport) {
        let registry = GrammarRegistry(configuration: configuration)
        let report = register(into: registry)
        return (registry, report)
    }

    /// Registers the bundled grammars under the manifest's language ids, then every grammar
    /// file in the extra folders.
    ///
    /// Bundled grammar files that the manifest does not list are registered too, with ids
    /// derived from their names.
    @discardableResult
    public func register(into registry: GrammarRegistry) -> LoadReport {
        var report = LoadReport()
        let manifest: LanguageManifest
        do {
            manifest = try LanguageManifest(contentsOf: manifestURL)
        } catch {
            report.errors.append(error)
            manifest = LanguageManifest(languages: [])
        }
        var listed: Set<String> = []
        for entry in manifest.languageIdsByGrammar {
            listed.insert(entry.grammar)
            let url = languagesDirectory.appendingPathComponent(entry.grammar)
            guard FileManager.default.fileExists(atPath: url.path) else {
                report.missingGrammars.append(entry.grammar)
                continue
            }
            load(url, ids: entry.ids, into: registry, report: &report)
        }
        for url in Self.grammarFiles(in: languagesDirectory)
        where !listed.contains(url.lastPathComponent) {
            load(url, ids: nil, manifest: manifest, into: registry, report: &report)
        }
        for directory in extraDirectories {
            for url in Self.grammarFiles(in: directory) {
                load(url, ids: nil, manifest: manifest, into: registry, report: &report)
            }
        }
        return report
    }

    /// Grammar files in a folder, sorted by name (JSON, plist and YAML grammars).
    public static func grammarFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let suffixes = [
            ".tmlanguage.json", ".tmlanguage", ".plist", ".tmlanguage.yaml", ".yaml", ".yml", ".json",
        ]
        return names.sorted()
            .filter { name in suffixes.contains { name.lowercased().hasSuffix($0) } }
            .map { directory.appendingPathComponent($0) }
    }

    /// Loads one file. Without explicit ids, a grammar gets the manifest's ids for its scope
    /// (so a user grammar replacing a bundled one keeps serving its languages) plus the ids
    /// derived from its name and scope.
    private func load(
        _ url: URL, ids: [String]?, manifest: LanguageManifest? = nil, into registry: GrammarRegistry,
        report: inout LoadReport
    ) {
        do {
            let raw = try RawGrammar(contentsOf: url)
            var languageIds = ids ?? []
            if ids == nil {
                languageIds = manifest?.languageIds(forScope: raw.scopeName) ?? []
                for derived in Self.derivedLanguageIds(raw) where !languageIds.contains(derived) {
                    languageIds.append(derived)
                }
            }
            registry.register(raw, languageIds: languageIds)
            report.registeredScopes.append(raw.scopeName)
        } catch {
            report.errors.append(error)
        }
    }

    /// The ids `GrammarRegistry` derives by default: the display name lower-cased without
    /// spaces, and the last component of the scope.
    static func derivedLanguageIds(_ raw: RawGrammar) -> [String] {
        var ids: [String] = []
        if let name = raw.name { ids.append(name.lowercased().replacingOccurrences(of: " ", with: "")) }
        if let last = raw.scopeName.split(separator: ".").last, !ids.contains(String(last)) {
            ids.append(String(last))
        }
        return ids
    }
}
