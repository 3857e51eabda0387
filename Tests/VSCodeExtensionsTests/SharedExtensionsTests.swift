import Foundation
import GrammarEngine
import TestSupport
import Testing
import ThemeEngine
import VSCodeExtensions

/// The five real extensions of the shared data (`vscode-extensions/`), read from there.
@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct SharedExtensionsTests {
    static func sharedSet() throws -> ExtensionSet {
        let folder = try TestData.url("vscode-extensions")
        let cache = try ScratchFolder.make(prefix: "vsix-cache")
        return ExtensionSet(paths: [folder], archives: ExtensionArchive(cacheDirectory: cache))
    }

    @Test func everySharedExtensionLoadsWithoutProblems() throws {
        let set = try Self.sharedSet()
        #expect(set.problems.isEmpty, "\(set.problems)")
        #expect(set.manifests.count == 5)
    }

    @Test(arguments: [
        ("build.zig", "zig", "source.zig"), ("deps.zon", "zig", "source.zig"),
        ("table.csv", "csv", "text.csv"), ("table.tsv", "tsv", "text.tsv"), ("table.tab", "tsv", "text.tsv"),
        ("paper.tex", "latex", "text.tex.latex"), ("style.cls", "latex-class", "text.tex.latex"),
        ("macros.sty", "latex-package", "text.tex.latex"), ("doc.ctx", "context", "text.tex.latex"),
    ])
    func aFileNameAloneFindsTheExtensionsLanguage(file: String, language: String, scope: String) throws {
        let registry = GrammarRegistry()
        try Self.sharedSet().register(into: registry)
        #expect(registry.languageId(forFile: "/work/project/" + file) == language)
        #expect(registry.scopeName(forFile: "/work/project/" + file) == scope)
        #expect(throws: Never.self) { try registry.grammar(scopeName: scope) }
    }

    @Test func zigIsHighlightedFromItsExtensionGrammar() throws {
        let registry = GrammarRegistry()
        try Self.sharedSet().register(into: registry)
        let grammar = try registry.grammar(forFile: "main.zig")
        let tokens = grammar.tokenizeDocument("const std = @import(\"std\");\n")
        let scopes = Set(tokens.flatMap(\.scopes))
        #expect(scopes.contains { $0.hasPrefix("keyword") || $0.hasPrefix("storage") })
        #expect(scopes.contains { $0.hasPrefix("string") })
        #expect(grammar.diagnostics.isEmpty, "\(grammar.diagnostics)")
    }

    @Test func nightOwlThemesAreChosenByLabelWithTheirBaseColours() throws {
        let catalog = try Self.sharedSet().themes
        #expect(
            Set(catalog.entries.map(\.label))
                == ["Night Owl", "Night Owl (No Italics)", "Night Owl Light", "Night Owl Light (No Italics)"])
        let dark = try Theme.named("Night Owl", catalog: catalog)
        let light = try Theme.named("night owl light", catalog: catalog)
        #expect(dark.name != light.name)
        #expect(Self.brightness(dark.defaultStyle.background) < 80)
        #expect(Self.brightness(light.defaultStyle.background) > 200)
    }

    static func brightness(_ color: ThemeColor) -> Int {
        (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
    }

    @Test func markdownFencesReachAnExtensionsLanguageByIdAndAlias() throws {
        let bundled = BundledGrammars(
            grammarsDirectory: TestData.projectRoot.appendingPathComponent("Grammars"))
        let (registry, _) = bundled.makeRegistry()
        try Self.sharedSet().register(into: registry)
        MarkdownFences.register(in: registry)
        let markdown = try registry.grammar(scopeName: "text.html.markdown")
        let text =
            "```zig\nconst x = 1;\n```\n\n~~~Zig\nconst y = 2;\n~~~\n\n```js\nlet z = 3;\n```\n\n"
            + "```superjs\nlet w = 4;\n```\n"
        let tokens = markdown.tokenizeDocument(text)
        let bytes = Array(text.utf8)
        func scopes(of word: String) -> [String] {
            let needle = Array(word.utf8)
            let start = (0...(bytes.count - needle.count)).first {
                Array(bytes[$0..<$0 + needle.count]) == needle
            }!
            return tokens.first { $0.range.contains(start) }!.scopes
        }
        #expect(scopes(of: "const x").contains("meta.embedded.block.zig"))
        #expect(scopes(of: "const x").contains { $0.hasSuffix(".zig") && !$0.hasPrefix("meta") })
        #expect(scopes(of: "const y").contains("meta.embedded.block.zig"), "an alias, in another case")
        // JavaScript is in the bundled Markdown grammar's own list: its scopes are its own.
        #expect(scopes(of: "let z").contains("meta.embedded.block.javascript"))
        // The injection extension's own fence (injectTo: text.html.markdown) applies too.
        #expect(scopes(of: "let w").contains("meta.embedded.block.superjs"))
        #expect(
            registry.language(
                atScopes: scopes(of: "let w"), rootScope: "text.html.markdown", languageId: "markdown")
                == "javascript", "its embeddedLanguages map the block to JavaScript")
        #expect(markdown.diagnostics.isEmpty, "\(markdown.diagnostics)")
    }

    @Test func theFencedCodeInjectionTargetsMarkdown() throws {
        let registry = GrammarRegistry()
        try Self.sharedSet().register(into: registry)
        #expect(registry.injections(into: "text.html.markdown").contains("markdown.superjs.codeblock"))
        #expect(
            registry.embeddedLanguages(scopeName: "markdown.superjs.codeblock")["meta.embedded.block.superjs"]
                == "javascript")
    }
}
