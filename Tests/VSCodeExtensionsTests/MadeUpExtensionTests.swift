import Foundation
import GrammarEngine
import TestSupport
import Testing
import ThemeEngine
import VSCodeExtensions

/// Extension folders and `.vsix` files made here: conflicts, broken manifests, labels,
/// archives, versions.
struct MadeUpExtensionTests {
    static func language(_ id: String, extensions: [String], aliases: [String] = []) -> [String: Any] {
        ["id": id, "extensions": extensions, "aliases": aliases]
    }

    static func grammar(_ language: String, scope: String, path: String) -> [String: Any] {
        ["language": language, "scopeName": scope, "path": path]
    }

    static func foo(name: String, scope: String, version: String = "1.0.0") -> MadeUpExtension {
        MadeUpExtension(
            name: name, version: version,
            contributes: [
                "languages": [language("foo-\(name)", extensions: [".foo"])],
                "grammars": [grammar("foo-\(name)", scope: scope, path: "./syntaxes/foo.json")],
            ],
            files: ["syntaxes/foo.json": MadeUpExtension.grammar(scope: scope)])
    }

    static func archives() throws -> ExtensionArchive {
        ExtensionArchive(cacheDirectory: try ScratchFolder.make(prefix: "vsix-cache"))
    }

    @Test func anExtensionGivenLaterOverridesAnEarlierOneForTheSameFiles() throws {
        let root = try ScratchFolder.make()
        let first = try Self.foo(name: "first", scope: "source.foo.first").write(in: root)
        let second = try Self.foo(name: "second", scope: "source.foo.second").write(in: root)
        let registry = GrammarRegistry()
        ExtensionSet(paths: [first, second], archives: try Self.archives()).register(into: registry)
        #expect(registry.scopeName(forFile: "a.foo") == "source.foo.second")
        let reversed = GrammarRegistry()
        ExtensionSet(paths: [second, first], archives: try Self.archives()).register(into: reversed)
        #expect(reversed.scopeName(forFile: "a.foo") == "source.foo.first")
    }

    @Test func aBrokenExtensionIsReportedOnceWithItsPathAndTheOthersLoad() throws {
        let root = try ScratchFolder.make()
        try MadeUpExtension(name: "broken", rawManifest: "{ \"name\": ").write(in: root)
        try MadeUpExtension(name: "array", rawManifest: "[1, 2]").write(in: root)
        try Self.foo(name: "good", scope: "source.foo.good").write(in: root)
        let set = ExtensionSet(paths: [root], archives: try Self.archives())
        #expect(set.manifests.map(\.identifier) == ["tests.good"])
        #expect(set.problems.count == 2)
        #expect(set.problems.allSatisfy { "\($0)".contains(root.path) })
        let registry = GrammarRegistry()
        set.register(into: registry)
        #expect(registry.scopeName(forFile: "x.foo") == "source.foo.good")
    }

    @Test func aMissingGrammarFileFailsOnlyItsLanguage() throws {
        let root = try ScratchFolder.make()
        var missing = Self.foo(name: "missing", scope: "source.missing")
        missing.files = [:]
        missing.contributes["languages"] = [Self.language("missing", extensions: [".missing"])]
        missing.contributes["grammars"] = [
            Self.grammar("missing", scope: "source.missing", path: "./nope.json")
        ]
        try missing.write(in: root)
        try Self.foo(name: "good", scope: "source.foo.good").write(in: root)
        let registry = GrammarRegistry()
        let reports = MessageLog()
        registry.onProblem { reports.add("\($0)") }
        ExtensionSet(paths: [root], archives: try Self.archives()).register(into: registry)
        #expect(throws: GrammarError.self) { try registry.grammar(forFile: "a.missing") }
        #expect(throws: GrammarError.self) { try registry.grammar(forFile: "b.missing") }
        #expect(reports.messages.count == 1)
        #expect(reports.messages.first?.contains("nope.json") == true)
        #expect(throws: Never.self) { try registry.grammar(forFile: "a.foo") }
    }

    @Test func embeddedLanguagesAndTokenTypesAreKeptForTheirGrammar() throws {
        let root = try ScratchFolder.make()
        var rich = Self.foo(name: "rich", scope: "source.rich")
        rich.contributes["grammars"] = [
            [
                "language": "foo-rich", "scopeName": "source.rich", "path": "./syntaxes/foo.json",
                "embeddedLanguages": ["meta.embedded.sql": "sql"],
                "tokenTypes": ["string.template": "other", "meta.comment.doc": "comment"],
                "injectTo": ["source.other"],
            ]
        ]
        try rich.write(in: root)
        let registry = GrammarRegistry()
        ExtensionSet(paths: [root], archives: try Self.archives()).register(into: registry)
        #expect(registry.embeddedLanguages(scopeName: "source.rich") == ["meta.embedded.sql": "sql"])
        #expect(
            registry.tokenTypes(scopeName: "source.rich") == [
                "string.template": "other", "meta.comment.doc": "comment",
            ])
        #expect(registry.injections(into: "source.other") == ["source.rich"])
        #expect(
            registry.language(
                atScopes: ["source.rich", "meta.embedded.sql.inner", "keyword"], rootScope: "source.rich",
                languageId: "foo-rich") == "sql")
    }

    @Test func aManifestPathOutOfTheExtensionIsRefused() throws {
        let root = try ScratchFolder.make()
        var escaping = Self.foo(name: "escaping", scope: "source.escape")
        escaping.contributes["grammars"] = [
            Self.grammar("foo-escaping", scope: "source.escape", path: "../../etc/passwd")
        ]
        try escaping.write(in: root)
        let set = ExtensionSet(paths: [root], archives: try Self.archives())
        #expect(set.manifests.first?.grammars.isEmpty == true)
        #expect(set.problems.contains { "\($0)".contains("leads out of the extension folder") })
    }

    @Test func aThemeLabelComesFromPackageNLS() throws {
        let root = try ScratchFolder.make()
        let theme = """
            {"name": "Made Up", "type": "light", "colors": {"editor.foreground": "#112233"},
             "tokenColors": [{"scope": "keyword", "settings": {"foreground": "#aa0000"}}]}
            """
        try MadeUpExtension(
            name: "themes",
            contributes: ["themes": [["label": "%made.up%", "uiTheme": "vs", "path": "./themes/made.json"]]],
            files: ["themes/made.json": theme, "package.nls.json": #"{"made.up": "Made Up Light"}"#]
        ).write(in: root)
        let catalog = ExtensionSet(paths: [root], archives: try Self.archives()).themes
        #expect(catalog.entries.map(\.label) == ["Made Up Light"])
        let loaded = try Theme.named("Made Up Light", catalog: catalog)
        #expect(loaded.defaultStyle.foreground.hex.uppercased() == "#112233")
    }

    @Test func aVSIXIsUnpackedOnceAndAgainWhenItChanges() throws {
        let root = try ScratchFolder.make()
        let archives = try Self.archives()
        let vsix = try Self.foo(name: "packed", scope: "source.foo.packed").writeArchive(in: root)
        let first = ExtensionSet(paths: [vsix], archives: archives)
        #expect(first.problems.isEmpty, "\(first.problems)")
        let registry = GrammarRegistry()
        first.register(into: registry)
        #expect(registry.scopeName(forFile: "a.foo") == "source.foo.packed")
        #expect(first.manifests.first?.origin == vsix.path)
        // The unpacked copy is used as long as the archive is unchanged…
        let folder = try #require(first.manifests.first?.folder)
        try Self.foo(name: "packed", scope: "source.foo.edited").manifestText.write(
            to: folder.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        var edited = Self.foo(name: "packed", scope: "source.foo.edited")
        edited.contributes["grammars"] = [
            Self.grammar("foo-packed", scope: "source.foo.edited", path: "./syntaxes/foo.json")
        ]
        try edited.manifestText.write(
            to: folder.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        let second = ExtensionSet(paths: [vsix], archives: archives)
        #expect(second.manifests.first?.grammars.first?.scopeName == "source.foo.edited")
        // …and unpacked again when the archive changes.
        try FileManager.default.removeItem(at: vsix)
        try Self.foo(name: "packed", scope: "source.foo.repacked.longer").writeArchive(in: root)
        let third = ExtensionSet(paths: [vsix], archives: archives)
        #expect(third.manifests.first?.grammars.first?.scopeName == "source.foo.repacked.longer")
    }

    @Test func archiveEntriesOutsideTheExtensionFolderAreNotWritten() throws {
        let root = try ScratchFolder.make()
        let cache = try ScratchFolder.make(prefix: "vsix-cache")
        let vsix = try Self.foo(name: "slip", scope: "source.foo.slip").writeArchive(
            in: root,
            extraEntries: ["../escaped.txt": "x", "extension/../../escaped2.txt": "x", "/tmp/abs.txt": "x"])
        let set = ExtensionSet(paths: [vsix], archives: ExtensionArchive(cacheDirectory: cache))
        #expect(set.manifests.count == 1)
        #expect(
            !FileManager.default.fileExists(
                atPath: cache.deletingLastPathComponent().appendingPathComponent("escaped.txt").path))
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("escaped2.txt").path))
        let written = FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? []
        #expect(
            !written.contains {
                $0.hasSuffix("escaped.txt") || $0.hasSuffix("escaped2.txt") || $0.hasSuffix("abs.txt")
            })
    }

    @Test func aFileThatIsNotAZipIsReportedAndSkipped() throws {
        let root = try ScratchFolder.make()
        let bogus = root.appendingPathComponent("bogus.vsix")
        try "not a zip".write(to: bogus, atomically: true, encoding: .utf8)
        try Self.foo(name: "good", scope: "source.foo.good").write(in: root)
        let set = ExtensionSet(paths: [root], archives: try Self.archives())
        #expect(set.manifests.map(\.identifier) == ["tests.good"])
        #expect(set.problems.count == 1)
        #expect("\(set.problems[0])".contains("bogus.vsix"))
    }

    @Test func ofSeveralInstalledVersionsOnlyTheNewestIsRead() throws {
        let root = try ScratchFolder.make()
        try Self.foo(name: "multi", scope: "source.v9", version: "1.9.0").write(in: root)
        try Self.foo(name: "multi", scope: "source.v10", version: "1.10.0").write(in: root)
        try Self.foo(name: "multi", scope: "source.v2", version: "1.2.0").write(in: root)
        let set = ExtensionSet(paths: [root], archives: try Self.archives())
        #expect(set.manifests.map(\.version) == ["1.10.0"])
    }
}
