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

    /// The manifest entries whose grammar file is present (another part's may not be yet).
    static let presentLanguages: [LanguageManifest.Language] = {
        let manifest = try? LanguageManifest(contentsOf: bundled.manifestURL)
        return (manifest?.languages ?? []).filter { grammarFiles.contains($0.grammar) }
    }()

    @Test(arguments: presentLanguages)
    func manifestEntryMatchesItsGrammarFile(language: LanguageManifest.Language) throws {
        let url = Self.bundled.languagesDirectory.appendingPathComponent(language.grammar)
        let raw = try RawGrammar(contentsOf: url)
        #expect(language.scopeName == raw.scopeName)
        #expect(!raw.fileTypes.isEmpty, "\(language.grammar) claims no file types")
        #expect(BundledGrammarsUnderTest.registry.scopeName(forLanguage: language.id) == raw.scopeName)
    }
}
