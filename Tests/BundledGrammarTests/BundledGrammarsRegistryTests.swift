import Foundation
import GrammarEngine
import ResourceFiles
import Testing

/// The bundled registry resolves part A's languages by id, file name and first line, and
/// loading tolerates missing grammars and adds user grammar folders.
@Suite struct BundledGrammarsRegistryTests {
    static let languages: [(id: String, scope: String)] = [
        ("rust", "source.rust"), ("swift", "source.swift"), ("c", "source.c"), ("python", "source.python"),
        ("shellscript", "source.shell"),
        ("toml", "source.toml"),
        ("yaml", "source.yaml"),
        ("diff", "source.diff"),
        ("git-commit", "text.git-commit"), ("latex", "text.tex.latex"),
    ]

    @Test(arguments: languages)
    func manifestLanguageIdResolvesToItsScope(id: String, scope: String) throws {
        let registry = BundledGrammarsUnderTest.registry
        #expect(registry.scopeName(forLanguage: id) == scope)
        #expect(try registry.grammar(forLanguage: id).scopeName == scope)
    }

    @Test(arguments: [
        ("Cargo.toml", "source.toml"), ("pyproject.toml", "source.toml"), ("fix.diff", "source.diff"),
        ("0001-fix.patch", "source.diff"), ("paper.tex", "text.tex.latex"), ("style.sty", "text.tex.latex"),
        ("article.cls", "text.tex.latex"), ("main.rs", "source.rust"), ("App.swift", "source.swift"),
        ("Package.swift", "source.swift"), ("util.c", "source.c"),
        ("util.h", "source.c"), ("ci.yml", "source.yaml"),
        ("setup.py", "source.python"),
        ("stubs.pyi", "source.python"), ("build.sh", "source.shell"),
        ("x.bash", "source.shell"), ("x.zsh", "source.shell"), ("config.yaml", "source.yaml"),
        (".clang-format", "source.yaml"),
    ])
    func fileExtensionSelectsGrammar(file: String, scope: String) {
        #expect(BundledGrammarsUnderTest.registry.scopeName(forFile: "/home/me/project/" + file) == scope)
    }

    @Test(arguments: [
        ("COMMIT_EDITMSG", "text.git-commit"), ("MERGE_MSG", "text.git-commit"),
        ("TAG_EDITMSG", "text.git-commit"), (".bashrc", "source.shell"), (".bash_profile", "source.shell"),
        (".profile", "source.shell"), ("PKGBUILD", "source.shell"), (".zshrc", "source.shell"),
    ])
    func fileNameSelectsGrammar(file: String, scope: String) {
        #expect(BundledGrammarsUnderTest.registry.scopeName(forFile: "/repo/.git/" + file) == scope)
    }

    @Test(arguments: [
        ("#!/usr/bin/env python3", "source.python"), ("#!/usr/bin/python", "source.python"),
        ("#!/bin/sh", "source.shell"), ("#!/bin/bash -eu", "source.shell"),
        ("#!/usr/bin/env bash", "source.shell"), ("#!/usr/bin/env zsh", "source.shell"),
        ("diff --git a/x b/x", "source.diff"), ("%YAML 1.2", "source.yaml"),
        ("\\documentclass[11pt]{article}", "text.tex.latex"),
    ])
    func shebangSelectsGrammar(firstLine: String, scope: String) {
        #expect(BundledGrammarsUnderTest.registry.scopeName(forFile: "script", firstLine: firstLine) == scope)
    }

    @Test func unknownFileWithoutShebangHasNoGrammar() {
        let registry = BundledGrammarsUnderTest.registry
        #expect(registry.scopeName(forFile: "notes.unknownext", firstLine: "hello") == nil)
        #expect(registry.scopeName(forFile: "script", firstLine: "#!/usr/bin/env perl") == nil)
    }

    @Test func missingGrammarIsReportedAndOthersStillLoad() throws {
        let folder = try TemporaryGrammars()
        defer { folder.remove() }
        try folder.writeManifest([
            ("one", "source.one", "one.tmLanguage.json"), ("two", "source.two", "two.tmLanguage.json"),
        ])
        try folder.writeGrammar("Languages/one.tmLanguage.json", scope: "source.one", fileType: "one")
        let (registry, report) = BundledGrammars(grammarsDirectory: folder.url).makeRegistry()
        #expect(report.missingGrammars == ["two.tmLanguage.json"])
        #expect(report.errors.isEmpty)
        #expect(report.registeredScopes == ["source.one"])
        #expect(registry.scopeName(forLanguage: "one") == "source.one")
        #expect(registry.scopeName(forLanguage: "two") == nil)
    }

    @Test func malformedGrammarIsReportedAndOthersStillLoad() throws {
        let folder = try TemporaryGrammars()
        defer { folder.remove() }
        try folder.writeManifest([
            ("one", "source.one", "one.tmLanguage.json"), ("bad", "source.bad", "bad.tmLanguage.json"),
        ])
        try folder.writeGrammar("Languages/one.tmLanguage.json", scope: "source.one", fileType: "one")
        try folder.write("Languages/bad.tmLanguage.json", "{ not json")
        let (registry, report) = BundledGrammars(grammarsDirectory: folder.url).makeRegistry()
        #expect(report.errors.count == 1)
        #expect(registry.scopeName(forLanguage: "one") == "source.one")
    }

    @Test func userGrammarFolderAddsLanguagesAndOverridesBundledScope() throws {
        let folder = try TemporaryGrammars()
        defer { folder.remove() }
        try folder.writeManifest([("one", "source.one", "one.tmLanguage.json")])
        try folder.writeGrammar("Languages/one.tmLanguage.json", scope: "source.one", fileType: "one")
        try folder.writeGrammar("User/mine.tmLanguage.json", scope: "source.mine", fileType: "mine")
        try folder.writeGrammar("User/better-one.tmLanguage.json", scope: "source.one", fileType: "uno")
        let bundled = BundledGrammars(
            grammarsDirectory: folder.url, extraDirectories: [folder.url.appendingPathComponent("User")])
        let (registry, report) = bundled.makeRegistry()
        #expect(report.errors.isEmpty)
        #expect(registry.scopeName(forLanguage: "mine") == "source.mine")
        #expect(registry.scopeName(forFile: "a.mine") == "source.mine")
        // The user's source.one replaces ours and keeps the manifest's language id.
        #expect(registry.scopeName(forLanguage: "one") == "source.one")
        #expect(registry.scopeName(forFile: "a.uno") == "source.one")
        #expect(registry.rawGrammar(scopeName: "source.one")?.fileTypes == ["uno"])
    }

    @Test func locatorHonoursGrammarsEnvironmentVariable() throws {
        let folder = try TemporaryGrammars()
        defer { folder.remove() }
        let locator = ResourceLocator(environment: [ResourceLocator.environmentVariable: folder.url.path])
        let bundled = try #require(BundledGrammars(locator: locator))
        #expect(bundled.grammarsDirectory.standardizedFileURL.path == folder.url.standardizedFileURL.path)
    }

    @Test func defaultRegistryWithoutGrammarsFolderUsesTheBuiltInGrammarsAndUserGrammars() throws {
        let folder = try TemporaryGrammars()
        defer { folder.remove() }
        try folder.writeGrammar("User/mine.tmLanguage.json", scope: "source.mine", fileType: "mine")
        // A locator that finds nothing: no variable, and a root-level start with no Grammars.
        let locator = ResourceLocator(
            environment: [:], executableURL: nil, workingDirectory: folder.url.appendingPathComponent("User"))
        let (registry, report) = BundledGrammars.defaultRegistry(
            locator: locator, extraDirectories: [folder.url.appendingPathComponent("User")])
        #expect(report.isComplete, "\(report)")
        #expect(registry.scopeName(forLanguage: "mine") == "source.mine")
        #expect(registry.scopeName(forFile: "main.rs") == "source.rust")
        #expect(throws: Never.self) { try registry.grammar(forLanguage: "typescript") }
    }

    @Test func reportDescribesMissingGrammars() {
        var report = BundledGrammars.LoadReport()
        report.registeredScopes = ["source.one"]
        report.missingGrammars = ["two.tmLanguage.json"]
        #expect(report.description == "1 grammars registered; missing grammar file two.tmLanguage.json")
        #expect(!report.isComplete)
    }

    @Test func missingManifestIsReported() throws {
        let folder = try TemporaryGrammars()
        defer { folder.remove() }
        let (_, report) = BundledGrammars(grammarsDirectory: folder.url).makeRegistry()
        #expect(report.errors.count == 1)
    }
}

/// A throw-away Grammars folder for registry tests.
struct TemporaryGrammars {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("highlightd-grammars-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func writeManifest(_ languages: [(id: String, scope: String, file: String)]) throws {
        let entries = languages.map {
            "{\"id\": \"\($0.id)\", \"scopeName\": \"\($0.scope)\", \"grammar\": \"\($0.file)\"}"
        }
        try write("languages.json", "{\"languages\": [\(entries.joined(separator: ","))]}")
    }

    func writeGrammar(_ path: String, scope: String, fileType: String) throws {
        try write(
            path,
            "{\"scopeName\": \"\(scope)\", \"fileTypes\": [\"\(fileType)\"], "
                + "\"patterns\": [{\"match\": \"x\", \"name\": \"keyword.x\"}]}")
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
