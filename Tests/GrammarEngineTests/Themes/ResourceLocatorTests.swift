import Foundation
import GrammarEngine
import Testing

@Suite struct ResourceLocatorTests {
    @Test func environmentVariableComesFirst() throws {
        let folder = try ThemeFixtures.scratchFolder()
        let locator = ResourceLocator(
            environment: [ResourceLocator.environmentVariable: folder.path],
            executableURL: URL(fileURLWithPath: "/usr/bin/true"), workingDirectory: folder)
        #expect(locator.grammarsDirectory()?.path == folder.path)
    }

    @Test func executableParentsAreSearchedForAGrammarsFolder() throws {
        let root = try ThemeFixtures.scratchFolder()
        let grammars = root.appendingPathComponent("Grammars")
        let bin = root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: grammars, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let locator = ResourceLocator(
            environment: [:], executableURL: bin.appendingPathComponent("highlightd"),
            workingDirectory: URL(fileURLWithPath: "/"))
        #expect(locator.grammarsDirectory()?.standardizedFileURL.path == grammars.standardizedFileURL.path)
    }

    @Test func workingDirectoryIsTheLastResort() throws {
        let root = try ThemeFixtures.scratchFolder()
        let grammars = root.appendingPathComponent("Grammars")
        try FileManager.default.createDirectory(at: grammars, withIntermediateDirectories: true)
        let locator = ResourceLocator(environment: [:], executableURL: nil, workingDirectory: root)
        #expect(locator.grammarsDirectory()?.standardizedFileURL.path == grammars.standardizedFileURL.path)
        let nowhere = ResourceLocator(
            environment: [:], executableURL: nil, workingDirectory: URL(fileURLWithPath: "/"))
        #expect(nowhere.grammarsDirectory() == nil)
    }

    @Test func unknownThemeNamesAreReportedWithThePlacesSearched() throws {
        let root = try ThemeFixtures.scratchFolder()
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Grammars/Themes"), withIntermediateDirectories: true)
        let locator = ResourceLocator(environment: [:], executableURL: nil, workingDirectory: root)
        do {
            _ = try Theme.builtIn(named: "nope", locator: locator)
            Issue.record("expected an unknown-theme error")
        } catch {
            guard case .unknownTheme(let name, let searched) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(name == "nope")
            #expect(searched.contains { $0.hasSuffix("Grammars/Themes/nope.json") })
        }
    }
}
