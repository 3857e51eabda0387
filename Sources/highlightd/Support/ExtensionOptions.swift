import ArgumentParser
import Foundation
import GrammarEngine
import ThemeEngine
import VSCodeExtensions

/// The options that add VS Code extensions and file associations to the bundled grammars,
/// shared by the commands that highlight.
struct ExtensionOptions: ParsableArguments {
    /// Whether to search the places VS Code and its relatives keep extensions.
    enum Automatic: String, ExpressibleByArgument, CaseIterable {
        case auto, off
    }

    @Option(
        name: .customLong("extensions"),
        help: ArgumentHelp(
            "A VS Code extension folder, a folder of them (like ~/.vscode/extensions) or a .vsix file (repeatable; later ones win).",
            valueName: "path"))
    var paths: [String] = []

    @Option(
        name: .customLong("vscode-extensions"),
        help: "auto: also read the extensions of installed VS Code, VSCodium and ~/.vscode*/extensions.")
    var automatic: Automatic = .off

    @Option(
        name: .customLong("map"),
        help: ArgumentHelp(
            "Highlight files matching GLOB as LANGUAGE (repeatable), e.g. '*.conf=ini'.",
            valueName: "glob=language"))
    var associations: [String] = []

    func validate() throws {
        _ = try parsedAssociations()
    }

    /// `--map` values as (glob, language id) pairs.
    func parsedAssociations() throws -> [(glob: String, languageId: String)] {
        try associations.map { value in
            guard let equals = value.lastIndex(of: "="), equals != value.startIndex,
                value.index(after: equals) != value.endIndex
            else {
                throw ValidationError("--map needs GLOB=LANGUAGE, got '\(value)'")
            }
            return (String(value[..<equals]), String(value[value.index(after: equals)...]))
        }
    }

    /// Every path to read, automatic places first so that explicit ones win.
    var allPaths: [URL] {
        (automatic == .auto ? ExtensionSet.automaticLocations() : []) + paths.map { URL(fileURLWithPath: $0) }
    }
}
