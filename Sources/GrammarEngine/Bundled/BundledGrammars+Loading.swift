import Foundation
import ResourceFiles

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
    /// A language the manifest describes (its `extensions`, `filenames` or `firstLine`) is
    /// registered without reading its grammar file, which is read when a document needs it;
    /// the others are read now for their `fileTypes`. Bundled grammar files that the manifest
    /// does not list are registered too, with ids derived from their names.
    @discardableResult
    public func register(into registry: GrammarRegistry) -> LoadReport {
        var report = LoadReport()
        let manifest: LanguageManifest
        do {
            if isBuiltIn {
                let bytes = BundledFiles.contents(of: LanguageManifest.fileName) ?? []
                manifest = try LanguageManifest(bytes: bytes, name: manifestURL.path)
            } else {
                manifest = try LanguageManifest(contentsOf: manifestURL)
            }
        } catch {
            report.errors.append(error)
            manifest = LanguageManifest(languages: [])
        }
        var listed: Set<String> = []
        for entry in manifest.languageIdsByGrammar {
            listed.insert(entry.grammar)
            let url = languagesDirectory.appendingPathComponent(entry.grammar)
            let builtInFile = isBuiltIn ? Self.builtInName(entry.grammar) : nil
            let exists =
                builtInFile.map { BundledFiles.files[$0] != nil }
                ?? FileManager.default.fileExists(atPath: url.path)
            guard exists else {
                report.missingGrammars.append(entry.grammar)
                continue
            }
            let described = manifest.languages.filter { $0.grammar == entry.grammar && $0.describesFiles }
            guard !described.isEmpty else {
                load(
                    url, contents: builtInFile.flatMap(BundledFiles.contents(of:)), ids: entry.ids,
                    into: registry,
                    report: &report)
                continue
            }
            for id in entry.ids {
                var definition = GrammarDefinition(
                    scopeName: entry.scopeName, path: url, languageId: id, origin: "bundled")
                definition.builtInFile = builtInFile
                registry.register(definition)
            }
            for language in described { registry.register(language.definition) }
            report.registeredScopes.append(entry.scopeName)
        }
        if isBuiltIn {
            let prefix = Self.builtInName("")
            for name in BundledFiles.names where name.hasPrefix(prefix) {
                let file = String(name.dropFirst(prefix.count))
                guard !listed.contains(file) else { continue }
                load(
                    languagesDirectory.appendingPathComponent(file),
                    contents: BundledFiles.contents(of: name),
                    ids: nil, manifest: manifest, into: registry, report: &report)
            }
        } else {
            for url in Self.grammarFiles(in: languagesDirectory)
            where !listed.contains(url.lastPathComponent) {
                load(url, ids: nil, manifest: manifest, into: registry, report: &report)
            }
        }
        for directory in extraDirectories {
            for url in Self.grammarFiles(in: directory) {
                load(url, ids: nil, manifest: manifest, into: registry, report: &report)
            }
        }
        return report
    }

    /// A grammar file's name among the built-in files.
    static func builtInName(_ file: String) -> String {
        languagesFolderName + "/" + file
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
        _ url: URL, contents: [UInt8]? = nil, ids: [String]?, manifest: LanguageManifest? = nil,
        into registry: GrammarRegistry, report: inout LoadReport
    ) {
        do {
            let raw: RawGrammar
            if let contents {
                raw = try RawGrammar(bytes: contents, path: url.path)
            } else {
                raw = try RawGrammar(contentsOf: url)
            }
            var languageIds = ids ?? []
            if ids == nil {
                languageIds = manifest?.languageIds(forScope: raw.scopeName) ?? []
                for derived in GrammarRegistry.derivedLanguageIds(raw) where !languageIds.contains(derived) {
                    languageIds.append(derived)
                }
            }
            registry.register(raw, languageIds: languageIds, origin: ids == nil ? url.path : "bundled")
            report.registeredScopes.append(raw.scopeName)
        } catch {
            report.errors.append(error)
        }
    }
}
