import Foundation
import GrammarEngine
import Testing

/// Every grammar file in `Grammars/Languages/` loads, matches the manifest, and compiles every
/// pattern with no rule disabled (helix's `xtask` check for bundled grammars).
@Suite struct BundledGrammarsCompileTests {
    static let bundled = BundledGrammars(grammarsDirectory: BundledGrammarsUnderTest.grammarsDirectory)
    static let grammarFiles = BundledGrammars.grammarFiles(in: bundled.languagesDirectory)
        .map(\.lastPathComponent)

    @Test func bundledGrammarsLoadWithoutErrors() {
        let report = BundledGrammarsUnderTest.loaded.report
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(!report.registeredScopes.isEmpty)
    }

    @Test(arguments: grammarFiles)
    func everyPatternCompiles(file: String) throws {
        let raw = try RawGrammar(contentsOf: Self.bundled.languagesDirectory.appendingPathComponent(file))
        let grammar = try BundledGrammarsUnderTest.registry.grammar(scopeName: raw.scopeName)
        let failures = grammar.compileAllPatterns()
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: grammarFiles)
    func grammarFileMatchesManifestScope(file: String) throws {
        let manifest = try LanguageManifest(contentsOf: Self.bundled.manifestURL)
        let raw = try RawGrammar(contentsOf: Self.bundled.languagesDirectory.appendingPathComponent(file))
        let listed = manifest.languages.filter { $0.grammar == file }
        #expect(!listed.isEmpty, "\(file) is not in languages.json")
        for language in listed {
            #expect(language.scopeName == raw.scopeName, "\(language.id)")
        }
        #expect(!raw.fileTypes.isEmpty, "\(file) claims no file types")
    }
}
