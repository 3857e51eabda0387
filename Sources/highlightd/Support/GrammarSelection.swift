import DaemonCore
import Foundation
import GrammarEngine
import ThemeEngine
import VSCodeExtensions

/// The grammar options shared by the commands that highlight a file, and how they pick one.
struct GrammarSelection {
    /// `--language`: an LSP language id or alias.
    var language: String?
    /// `--grammar`: a grammar file to use as the root grammar.
    var grammar: String?
    /// `--grammars`: extra folders whose grammars join the registry (for includes).
    var grammarFolders: [String] = []
    /// `--extensions`, `--vscode-extensions` and `--map`.
    var extensionPaths: [URL] = []
    /// File associations (glob → language id), winning over every definition.
    var associations: [(glob: String, languageId: String)] = []

    /// The registry and the extensions' themes: the bundled grammars, then the extra folders,
    /// then the extensions (later ones winning), then `--grammar` when resolving.
    func makeResources(
        configuration: Grammar.Configuration = .init(), reportingErrors: Bool = true
    ) -> (registry: GrammarRegistry, themes: ThemeCatalog) {
        let (registry, report) = BundledGrammars.defaultRegistry(
            extraDirectories: grammarFolders.map { URL(fileURLWithPath: $0) }, configuration: configuration)
        let extensions = ExtensionSet(paths: extensionPaths)
        extensions.register(into: registry)
        MarkdownFences.register(in: registry)
        registry.setFileAssociations(associations)
        if reportingErrors {
            for error in report.errors { warn("\(error)") }
            for problem in extensions.problems { warn("\(problem)") }
            registry.onProblem { warn("\($0)") }
        }
        return (registry, extensions.themes)
    }

    /// The registry alone (see ``makeResources(configuration:reportingErrors:)``).
    func makeRegistry(
        configuration: Grammar.Configuration = .init(), reportingErrors: Bool = true
    ) -> GrammarRegistry {
        makeResources(configuration: configuration, reportingErrors: reportingErrors).registry
    }

    /// The grammar for `path` whose text is `text` (its first line and modelines count), or
    /// nil for plain text (said on standard error).
    func resolve(in registry: GrammarRegistry, path: String, text: Substring?) throws -> Grammar? {
        if let grammar {
            let raw = try registry.load(contentsOf: URL(fileURLWithPath: grammar))
            return try registry.grammar(scopeName: raw.scopeName)
        }
        if let language {
            guard let scope = registry.scopeName(forLanguage: language) else {
                warn("unknown language '\(language)': highlighting as plain text")
                return nil
            }
            return try registry.grammar(scopeName: scope)
        }
        guard let scope = registry.scopeName(forFile: path, text: text) else {
            warn("no grammar for \(path): highlighting as plain text")
            return nil
        }
        return try registry.grammar(scopeName: scope)
    }
}

extension GrammarSelection {
    /// The selection of `highlight`-like commands from their options.
    init(language: String?, grammar: String?, grammarFolders: [String], extensions: ExtensionOptions) throws {
        self.init(
            language: language, grammar: grammar, grammarFolders: grammarFolders,
            extensionPaths: extensions.allPaths, associations: try extensions.parsedAssociations())
    }
}

/// Prints a warning on standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("highlightd: \(message)\n".utf8))
}
