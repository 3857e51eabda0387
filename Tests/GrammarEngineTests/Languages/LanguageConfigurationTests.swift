import Foundation
import GrammarEngine
import TestSupport
import Testing

/// Reading `language-configuration.json` as VS Code does: JSON with comments and trailing
/// commas, fields of an unexpected shape left out rather than failing the file.
struct LanguageConfigurationTests {
    static func read(_ text: String) throws -> LanguageConfiguration {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lc-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try LanguageConfiguration(contentsOf: url)
    }

    @Test func aRealExtensionsConfigurationGivesCommentsBracketsAndMarkers() throws {
        let url = try TestData.url("vscode-extensions/vscode-zig/language-configuration.json")
        let configuration = try LanguageConfiguration(contentsOf: url)
        #expect(configuration.lineComment == "//")
        #expect(configuration.blockComment == nil)
        #expect(configuration.pairs.map { $0.open + $0.close } == ["{}", "[]", "()"])
        #expect(configuration.regionMarkers?.start.contains("zig fmt: off") == true)
    }

    @Test func commentsTrailingCommasAndOddShapesAreTolerated() throws {
        let configuration = try Self.read(
            """
            {
              // comments, as VS Code allows
              "comments": { "lineComment": { "comment": "--", "noIndent": true }, "blockComment": ["{-", "-}"] },
              "brackets": [["(", ")"], ["[", "]", "extra"], "nonsense", ["", "x"], ["<", "<"], ["begin", "end"],],
              "colorizedBracketPairs": [["(", ")"]],
              "folding": { "offSide": true, "markers": { "start": { "pattern": "^--\\\\s*region" }, "end": "^--\\\\s*endregion" } },
            }
            """)
        #expect(configuration.lineComment == "--")
        #expect(configuration.blockComment == BracketPair(open: "{-", close: "-}"))
        #expect(
            configuration.brackets == [
                BracketPair(open: "(", close: ")"), BracketPair(open: "begin", close: "end"),
            ])
        #expect(configuration.pairs == [BracketPair(open: "(", close: ")")], "colorizedBracketPairs win")
        #expect(configuration.foldsByIndentation)
        #expect(configuration.regionMarkers == .init(start: "^--\\s*region", end: "^--\\s*endregion"))
    }

    @Test func aFileThatIsNotJSONIsAnErrorNamingIt() throws {
        #expect(throws: GrammarError.self) { try Self.read("{ not json") }
    }

    @Test func theBundledLanguagesHaveConfigurations() throws {
        let registry = GrammarRegistry()
        _ = BundledGrammars(grammarsDirectory: TestData.projectRoot.appendingPathComponent("Grammars"))
            .register(into: registry)
        #expect(registry.languageConfiguration(forLanguage: "rust")?.lineComment == "//")
        #expect(registry.languageConfiguration(forLanguage: "python")?.foldsByIndentation == true)
        #expect(registry.languageConfiguration(forLanguage: "JSON")?.pairs.count == 2)
        #expect(registry.languageConfiguration(forLanguage: "diff")?.pairs.isEmpty == true)
    }
}
