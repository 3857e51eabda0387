import Foundation
import ResourceFiles

extension BundledGrammars {
    /// A registry for this process: the bundled grammars from the Grammars folder that
    /// `locator` finds (honouring `HIGHLIGHTD_GRAMMARS`), then the user grammar folders.
    ///
    /// Without a Grammars folder the report says so and the user folders still load, so a
    /// daemon started from an unusual place keeps working with what it has.
    public static func defaultRegistry(
        locator: ResourceLocator = ResourceLocator(), extraDirectories: [URL] = [],
        configuration: Grammar.Configuration = .init()
    ) -> (registry: GrammarRegistry, report: LoadReport) {
        if let bundled = BundledGrammars(locator: locator, extraDirectories: extraDirectories) {
            return bundled.makeRegistry(configuration: configuration)
        }
        let registry = GrammarRegistry(configuration: configuration)
        var report = LoadReport()
        report.errors.append(
            .unreadable(
                path: "Grammars",
                message: "no Grammars folder found; set \(ResourceLocator.environmentVariable)"))
        for directory in extraDirectories {
            for url in grammarFiles(in: directory) {
                do {
                    let raw = try RawGrammar(contentsOf: url)
                    registry.register(
                        raw, languageIds: GrammarRegistry.derivedLanguageIds(raw), origin: url.path)
                    report.registeredScopes.append(raw.scopeName)
                } catch {
                    report.errors.append(error)
                }
            }
        }
        return (registry, report)
    }
}

extension BundledGrammars.LoadReport: CustomStringConvertible {
    /// Whether every listed grammar loaded.
    public var isComplete: Bool { missingGrammars.isEmpty && errors.isEmpty }

    /// One line for a log: counts, then each problem.
    public var description: String {
        var lines = ["\(registeredScopes.count) grammars registered"]
        lines += missingGrammars.map { "missing grammar file \($0)" }
        lines += errors.map(\.description)
        return lines.joined(separator: "; ")
    }
}
