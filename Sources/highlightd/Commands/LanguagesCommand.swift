import ArgumentParser
import Foundation
import GrammarEngine
import JSONRPC

/// Lists the languages highlightd can highlight with the given extensions.
struct LanguagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "List languages: id, grammar scope, where the grammar came from, and the files each claims."
    )

    /// Output formats of the listings.
    enum ListingFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var extensions: ExtensionOptions

    @Option(help: "A folder of grammars to add (repeatable).")
    var grammars: [String] = []

    @Option(help: "text (one language a line) or json.")
    var format: ListingFormat = .text

    @Flag(
        help: "Compile every pattern of every listed grammar; report disabled rules on stderr; exit 1 if any."
    )
    var check = false

    func run() throws {
        let selection = try GrammarSelection(
            language: nil, grammar: nil, grammarFolders: grammars, extensions: extensions)
        let registry = selection.makeRegistry()
        let languages = registry.languageSummaries.filter { $0.scopeName != nil }
        if check {
            try checkPatterns(of: languages, in: registry)
            return
        }
        switch format {
        case .json:
            let strings = { (values: [String]) in JSONValue.array(values.map { .string($0) }) }
            let objects: [JSONValue] = languages.map { language in
                [
                    "id": .string(language.id), "aliases": strings(language.aliases),
                    "scopeName": language.scopeName.map { .string($0) } ?? .null,
                    "source": .string(language.origin), "extensions": strings(language.extensions),
                    "filenames": strings(language.filenames),
                    "filenamePatterns": strings(language.filenamePatterns),
                ]
            }
            JSONOutput.print(.array(objects), pretty: true)
        case .text:
            for language in languages {
                let files =
                    language.filenames + language.extensions.map { "*" + $0 } + language.filenamePatterns
                print(
                    [language.id, language.scopeName ?? "-", language.origin, files.joined(separator: " ")]
                        .joined(separator: "\t"))
            }
        }
    }
}

extension LanguagesCommand {
    /// Compiles every pattern of the languages' grammars (and what they include), reporting
    /// each disabled rule once; fails when there is any.
    func checkPatterns(of languages: [GrammarRegistry.LanguageSummary], in registry: GrammarRegistry) throws {
        let scopes = Set(languages.compactMap(\.scopeName)).sorted()
        var disabled = 0
        for scope in scopes {
            guard let grammar = try? registry.grammar(scopeName: scope) else { continue }
            disabled += grammar.compileAllPatterns().count
            DisabledRules.report(grammar)
        }
        warn("\(disabled) rules disabled in \(scopes.count) grammars")
        if disabled > 0 { throw ExitCode.failure }
    }
}

/// Lists the themes highlightd can use with the given extensions.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List themes: the built-in names, then each extension theme's label, base and file."
    )

    @OptionGroup var extensions: ExtensionOptions

    @Option(help: "text (one theme a line) or json.")
    var format: LanguagesCommand.ListingFormat = .text

    func run() throws {
        let selection = try GrammarSelection(
            language: nil, grammar: nil, grammarFolders: [], extensions: extensions)
        let catalog = selection.makeResources().themes
        var rows: [(label: String, uiTheme: String, path: String, source: String)] = [
            ("dark", "vs-dark", "", "bundled"), ("light", "vs", "", "bundled"),
        ]
        rows += catalog.entries.map { ($0.label, $0.uiTheme ?? "", $0.path.path, $0.origin) }
        switch format {
        case .json:
            let objects: [JSONValue] = rows.map {
                [
                    "label": .string($0.label), "uiTheme": .string($0.uiTheme), "path": .string($0.path),
                    "source": .string($0.source),
                ]
            }
            JSONOutput.print(.array(objects), pretty: true)
        case .text:
            for row in rows { print([row.label, row.uiTheme, row.source].joined(separator: "\t")) }
        }
    }
}
