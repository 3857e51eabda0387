import DaemonCore
import Foundation
import GrammarEngine

/// The grammar options shared by the commands that highlight a file, and how they pick one.
struct GrammarSelection {
    /// `--language`: an LSP language id.
    var language: String?
    /// `--grammar`: a grammar file to use as the root grammar.
    var grammar: String?
    /// `--grammars`: extra folders whose grammars join the registry (for includes).
    var grammarFolders: [String] = []

    /// The registry: the bundled grammars, then the extra folders, then `--grammar`.
    func makeRegistry(
        configuration: Grammar.Configuration = .init(), reportingErrors: Bool = true
    ) -> GrammarRegistry {
        let (registry, report) = BundledGrammars.defaultRegistry(
            extraDirectories: grammarFolders.map { URL(fileURLWithPath: $0) }, configuration: configuration)
        if reportingErrors {
            for error in report.errors { warn("\(error)") }
        }
        return registry
    }

    /// The grammar for `path` whose text starts with `firstLine`, or nil for plain text
    /// (said on standard error).
    func resolve(in registry: GrammarRegistry, path: String, firstLine: String?) throws -> Grammar? {
        if let grammar {
            let raw = try registry.load(contentsOf: URL(fileURLWithPath: grammar))
            return try registry.grammar(scopeName: raw.scopeName)
        }
        if let language {
            guard registry.scopeName(forLanguage: language) != nil else {
                warn("unknown language '\(language)': highlighting as plain text")
                return nil
            }
            return try registry.grammar(forLanguage: language)
        }
        guard registry.scopeName(forFile: path, firstLine: firstLine) != nil else {
            warn("no grammar for \(path): highlighting as plain text")
            return nil
        }
        return try registry.grammar(forFile: path, firstLine: firstLine)
    }
}

/// Prints a warning on standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("highlightd: \(message)\n".utf8))
}
