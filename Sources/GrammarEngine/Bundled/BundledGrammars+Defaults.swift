import Foundation
import ResourceFiles

extension BundledGrammars {
    /// A registry for this process: the bundled grammars from the Grammars folder that
    /// `locator` finds (`HIGHLIGHTD_GRAMMARS`, or the checkout of a development build), else
    /// the copy built into the executable; then the user grammar folders.
    public static func defaultRegistry(
        locator: ResourceLocator = ResourceLocator(), extraDirectories: [URL] = [],
        configuration: Grammar.Configuration = .init()
    ) -> (registry: GrammarRegistry, report: LoadReport) {
        let bundled =
            BundledGrammars(locator: locator, extraDirectories: extraDirectories)
            ?? .builtIn(extraDirectories: extraDirectories)
        return bundled.makeRegistry(configuration: configuration)
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
