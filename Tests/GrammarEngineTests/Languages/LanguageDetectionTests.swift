import Foundation
import GrammarEngine
import TestSupport
import Testing

/// The order in which a file's language is decided, against definitions built here.
struct LanguageDetectionTests {
    /// A registry with one trivial grammar per language id.
    static func registry(_ languages: [LanguageDefinition]) throws -> GrammarRegistry {
        let registry = GrammarRegistry()
        for language in languages {
            let raw = try RawGrammar(
                .object([("scopeName", .string("source.\(language.id)")), ("patterns", .array([]))]))
            registry.register(raw, languageIds: [language.id])
            registry.register(language)
        }
        return registry
    }

    @Test func aWholeFileNameBeatsAPatternAndAPatternBeatsAnExtension() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "byName", filenames: ["build.conf"]),
            LanguageDefinition(id: "byPattern", filenamePatterns: ["build.*"]),
            LanguageDefinition(id: "byExtension", extensions: [".conf"]),
        ])
        #expect(registry.languageId(forFile: "/a/build.conf") == "byName")
        #expect(registry.languageId(forFile: "/a/build.txt") == "byPattern")
        #expect(registry.languageId(forFile: "/a/other.conf") == "byExtension")
    }

    @Test func theLongestExtensionWinsWhateverTheOrder() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "long", extensions: [".d.ts"]),
            LanguageDefinition(id: "short", extensions: [".ts"]),
        ])
        #expect(registry.languageId(forFile: "x.d.ts") == "long")
        #expect(registry.languageId(forFile: "x.ts") == "short")
    }

    @Test func aLaterDefinitionWinsATie() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "first", extensions: [".foo"]),
            LanguageDefinition(id: "second", extensions: [".foo"]),
        ])
        #expect(registry.languageId(forFile: "x.foo") == "second")
        #expect(registry.languageId(forFile: "X.FOO") == "second", "extensions match without regard to case")
    }

    @Test func globsWithASlashMatchThePath() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "workflow", filenamePatterns: ["**/.github/workflows/*.yml"]),
            LanguageDefinition(id: "yaml", extensions: [".yml"]),
        ])
        #expect(registry.languageId(forFile: "/repo/.github/workflows/ci.yml") == "workflow")
        #expect(registry.languageId(forFile: "/repo/ci.yml") == "yaml")
    }

    @Test func theFirstLineComesAfterEveryFileNameRule() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "shell", firstLine: "^#!.*\\bbash\\b"),
            LanguageDefinition(id: "text", extensions: [".txt"]),
        ])
        #expect(registry.languageId(forFile: "run", text: "#!/bin/bash\necho") == "shell")
        #expect(registry.languageId(forFile: "run.txt", text: "#!/bin/bash\necho") == "text")
        #expect(registry.languageId(forFile: "run", text: "echo") == nil)
    }

    @Test func modelinesNameALanguageByIdAliasOrExtension() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "python", aliases: ["Python", "py"], extensions: [".py"]),
            LanguageDefinition(id: "shellscript", aliases: ["Shell Script"], extensions: [".sh"]),
        ])
        #expect(registry.languageId(forFile: "tool", text: "x = 1\n# vim: set ft=python :\n") == "python")
        #expect(registry.languageId(forFile: "tool", text: "# vi: filetype=py\n") == "python")
        #expect(registry.languageId(forFile: "tool", text: "# -*- mode: sh -*-\necho\n") == "shellscript")
        #expect(registry.languageId(forFile: "tool", text: "#!/bin/x\n# -*- Python -*-\n") == "python")
        #expect(registry.languageId(forFile: "tool", text: "# nothing here\n") == nil)
        #expect(
            registry.languageId(forFile: "tool", text: "a navi: ft=python\n") == nil, "vi: must start a word")
    }

    @Test func aModelineInTheMiddleOfALongFileIsNotRead() throws {
        let registry = try Self.registry([LanguageDefinition(id: "python", extensions: [".py"])])
        let middle = Array(repeating: "line", count: 20)
        let text = (middle.prefix(10) + ["# vim: ft=python"] + middle.suffix(10)).joined(separator: "\n")
        #expect(registry.languageId(forFile: "tool", text: Substring(text)) == nil)
        let last = (middle + ["# vim: ft=python"]).joined(separator: "\n") + "\n"
        #expect(registry.languageId(forFile: "tool", text: Substring(last)) == "python")
    }

    @Test func aFirstLineOfMegabytesIsReadOnlyUpToItsCap() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "shell", firstLine: "^#!.*\\bbash\\b"),
            LanguageDefinition(id: "python", aliases: ["py"]),
        ])
        let long = "#!/bin/bash " + String(repeating: "é", count: 3_000_000)
        #expect(registry.languageId(forFile: "run", text: Substring(long)) == "shell")
        let tail = String(repeating: "x", count: 2_000_000) + "\n# vim: ft=py\n"
        #expect(registry.languageId(forFile: "run", text: Substring(tail)) == "python")
    }

    @Test func userAssociationsWinOverEveryDefinition() throws {
        let registry = try Self.registry([
            LanguageDefinition(id: "named", filenames: ["app.conf"]),
            LanguageDefinition(id: "ini"),
        ])
        registry.setFileAssociations([("*.conf", "ini")])
        #expect(registry.languageId(forFile: "/etc/app.conf") == "ini")
        #expect(registry.scopeName(forFile: "/etc/app.conf") == "source.ini")
    }

    @Test func aliasesResolveToTheirLanguagesGrammar() throws {
        let registry = try Self.registry([LanguageDefinition(id: "zig", aliases: ["Zig"])])
        #expect(registry.scopeName(forLanguage: "Zig") == "source.zig")
        #expect(registry.canonicalLanguageId("ZIG") == "zig")
    }

    @Test func aGrammarFileIsReadOnlyWhenFirstNeededAndAFailureIsReportedOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let good = folder.appendingPathComponent("good.json")
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"scopeName": "source.good", "patterns": []}"#.write(
            to: good, atomically: true, encoding: .utf8)
        try "{ not json".write(to: bad, atomically: true, encoding: .utf8)
        let registry = GrammarRegistry()
        registry.register(
            GrammarDefinition(scopeName: "source.good", path: good, languageId: "good", origin: "test"))
        registry.register(
            GrammarDefinition(scopeName: "source.bad", path: bad, languageId: "bad", origin: "test"))
        // Changing the file before first use shows that registering did not read it.
        try #"{"scopeName": "source.good", "name": "Changed", "patterns": []}"#.write(
            to: good, atomically: true, encoding: .utf8)
        let reports = MessageLog()
        registry.onProblem { reports.add("\($0)") }
        #expect(registry.rawGrammar(scopeName: "source.good")?.name == "Changed")
        #expect(registry.rawGrammar(scopeName: "source.bad") == nil)
        #expect(registry.rawGrammar(scopeName: "source.bad") == nil)
        #expect(throws: GrammarError.self) { try registry.grammar(forLanguage: "bad") }
        #expect(reports.messages.count == 1)
        #expect(
            reports.messages.first?.contains("bad.json") == true
                || reports.messages.first?.contains("malformed") == true)
    }
}
