import Foundation
import ResourceFiles
import TestSupport
import Testing

@Suite struct ResourceLocatorTests {
    @Test func environmentVariableComesFirst() throws {
        let folder = try ScratchFolder.make(prefix: "highlightd-locator")
        let locator = ResourceLocator(
            environment: [ResourceLocator.environmentVariable: folder.path],
            executableURL: URL(fileURLWithPath: "/usr/bin/true"), workingDirectory: folder)
        #expect(locator.grammarsDirectory()?.path == folder.path)
    }

    @Test func executableParentsAreSearchedForAGrammarsFolder() throws {
        let root = try ScratchFolder.make(prefix: "highlightd-locator")
        let grammars = root.appendingPathComponent("Grammars")
        let bin = root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: grammars, withIntermediateDirectories: true)
        try "{}".write(
            to: grammars.appendingPathComponent("languages.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let locator = ResourceLocator(
            environment: [:], executableURL: bin.appendingPathComponent("highlightd"),
            workingDirectory: URL(fileURLWithPath: "/"))
        #expect(locator.grammarsDirectory()?.standardizedFileURL.path == grammars.standardizedFileURL.path)
    }

    @Test func workingDirectoryIsTheLastResort() throws {
        let root = try ScratchFolder.make(prefix: "highlightd-locator")
        let grammars = root.appendingPathComponent("Grammars")
        try FileManager.default.createDirectory(at: grammars, withIntermediateDirectories: true)
        try "{}".write(
            to: grammars.appendingPathComponent("languages.json"), atomically: true, encoding: .utf8)
        let locator = ResourceLocator(environment: [:], executableURL: nil, workingDirectory: root)
        #expect(locator.grammarsDirectory()?.standardizedFileURL.path == grammars.standardizedFileURL.path)
        let nowhere = ResourceLocator(
            environment: [:], executableURL: nil, workingDirectory: URL(fileURLWithPath: "/"))
        #expect(nowhere.grammarsDirectory() == nil)
    }

    @Test func aGrammarsFolderWithoutAManifestIsNotOurs() throws {
        let root = try ScratchFolder.make(prefix: "highlightd-locator")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Grammars"), withIntermediateDirectories: true)
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let locator = ResourceLocator(
            environment: [:], executableURL: bin.appendingPathComponent("highlightd"), workingDirectory: root)
        #expect(locator.grammarsDirectory() == nil)
    }

    @Test func theProcessWorkingDirectoryIsNotSearchedByDefault() {
        #expect(ResourceLocator(environment: [:], executableURL: nil).workingDirectory == nil)
    }
}
