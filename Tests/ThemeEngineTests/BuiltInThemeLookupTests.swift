import Foundation
import ResourceFiles
import TestSupport
import Testing
import ThemeEngine

@Suite struct BuiltInThemeLookupTests {
    @Test func unknownThemeNamesAreReportedWithThePlacesSearched() throws {
        let root = try ScratchFolder.make(prefix: "highlightd-locator")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Grammars/Themes"), withIntermediateDirectories: true)
        try "{}".write(
            to: root.appendingPathComponent("Grammars/languages.json"), atomically: true, encoding: .utf8)
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

    @Test func withoutAGrammarsFolderTheBuiltInThemesServe() throws {
        let nowhere = ResourceLocator(environment: [:], executableURL: nil)
        let dark = try Theme.builtIn(named: "dark", locator: nowhere)
        let light = try Theme.builtIn(named: "light", locator: nowhere)
        #expect(dark.name != light.name)
        #expect(throws: ThemeError.self) { try Theme.builtIn(named: "nope", locator: nowhere) }
    }
}
