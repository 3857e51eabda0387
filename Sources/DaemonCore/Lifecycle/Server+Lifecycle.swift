import Foundation
import GrammarEngine
import Highlighting
import JSONRPC
import TextRope
import ThemeEngine
import VSCodeExtensions

extension Server {
    /// `initialize`: negotiates the position encoding, loads grammars and the theme, and
    /// describes them with the style legend.
    func initialize(_ params: InitializeParams) throws(ResponseError) -> InitializeResult {
        guard phase == .uninitialized else { throw .invalidRequest("initialize was already received") }
        // The first of utf-8, utf-16, utf-32 the client lists (in the server's order of
        // preference: no conversion for utf-8), utf-16 when none.
        encoding =
            [TextUnit.utf8, .utf16, .utf32].first { params.positionEncodings.contains($0.rawValue) } ?? .utf16
        pushesAttributes = params.attributeDeltas
        colorsBracketPairs = params.bracketPairs
        spanRules = params.spanRules
        extensionSettings = params.extensions.applied(to: extensionSettings)
        loadGrammars(extraPaths: params.grammarPaths)
        // After the extensions: the theme may be one of their labels.
        if let name = params.theme {
            do {
                styles = StyleTable(theme: try Theme.named(name, catalog: themes))
            } catch {
                throw .invalidParams("initializationOptions.theme: \(error)")
            }
        } else if let entry = themes.entry(labeled: configuration.defaultTheme) {
            // `serve --theme LABEL`: known only now that the extensions are read.
            do {
                styles = StyleTable(theme: try Theme.load(entry))
            } catch {
                log("theme \(configuration.defaultTheme): \(error)")
            }
        }
        semanticTokenSettings.refreshSupport = params.semanticTokensRefresh
        semanticTokenSettings.linkTokens = params.linkTokens
        phase = .running
        return InitializeResult(
            positionEncoding: encoding, legend: legend, textStorage: textStorageCapabilities)
    }

    /// The paths of a `grammarPaths` array at `field`, nil when absent.
    static func grammarPaths(_ params: Params, field: String) throws(ResponseError) -> [String]? {
        guard params.optional(field) != nil else { return nil }
        var paths: [String] = []
        for (index, path) in try params.array(field).enumerated() {
            guard let path = path.stringValue else {
                throw .invalidParams("\(field)[\(index)] must be a string")
            }
            paths.append(path)
        }
        return paths
    }

    /// Loads the bundled grammars (unless configured off) and those in the configured
    /// folders and `extraPaths`, logging what fails to load.
    /// Grammars as the daemon compiles them: it loads them again on every configuration
    /// change, so their interned stacks must be freed with them (not immortal); and its
    /// patterns are JIT-compiled with their lists, when a document is opened, not on some later
    /// keystroke's 32nd search (`DeferredJIT` is for processes that run once).
    static var grammarConfiguration: Grammar.Configuration {
        var configuration = Grammar.Configuration()
        configuration.immortalStacks = false
        configuration.shortcuts.remove(.deferredJIT)
        return configuration
    }

    /// Loads the bundled grammars (unless configured off), those in the configured folders
    /// and `extraPaths`, then the client's extensions (manifests only: grammar files are read
    /// when a document needs them), logging what fails.
    func loadGrammars(extraPaths: [String]) {
        grammarPaths = extraPaths
        reportedGrammarDiagnostics.removeAll()
        // The remembered pushes hold stacks of the grammars about to be dropped.
        MatchWorkspace.current.forgetRememberedScopes()
        hasMemoryToRelease = true
        let folders = configuration.grammarFolders + extraPaths.map { URL(fileURLWithPath: $0) }
        if configuration.loadsBundledGrammars {
            let (bundled, report) = BundledGrammars.defaultRegistry(
                extraDirectories: folders, configuration: Self.grammarConfiguration)
            registry = bundled
            for error in report.errors { log("\(error)") }
        } else {
            registry = GrammarRegistry(configuration: Self.grammarConfiguration)
            for folder in folders {
                for error in registry.loadDirectory(folder) { log("\(error)") }
            }
        }
        let extensions = ExtensionSet(paths: extensionURLs)
        for problem in extensions.problems { log("\(problem)") }
        extensions.register(into: registry)
        MarkdownFences.register(in: registry)
        registry.setFileAssociations(configuration.fileAssociations + extensionSettings.associations)
        let problems = grammarProblems
        registry.onProblem { problems.add("\($0)") }
        themes = extensions.themes
    }

    /// The LSP semantic token legend the style table maps into (with `link` when link tokens
    /// are on).
    var legend: JSONValue {
        [
            "tokenTypes": .array(semanticTokenSettings.tokenTypes.map { .string($0) }),
            "tokenModifiers": .array(SemanticTokenLegend.tokenModifiers.map { .string($0) }),
        ]
    }

    /// What `capabilities.experimental.textStorage` says: grammars and the style legend.
    private var textStorageCapabilities: JSONValue {
        // Grammars with their language ids; `fileTypes` from the languages' definitions (the
        // grammar files are not read for this: most are read only when a document needs them).
        let summaries = registry.languageSummaries
        let grammars: [JSONValue] = registry.scopeNames.compactMap { scope in
            let ids = registry.languageIds(scopeName: scope)
            guard !ids.isEmpty else { return nil }
            var fileTypes: [String] = []
            for summary in summaries where summary.scopeName == scope {
                for type in summary.extensions.map({ String($0.dropFirst()) }) + summary.filenames
                where !fileTypes.contains(type) {
                    fileTypes.append(type)
                }
            }
            return [
                "scopeName": .string(scope),
                "languageIds": .array(ids.map { .string($0) }),
                "fileTypes": .array(fileTypes.map { .string($0) }),
            ]
        }
        return [
            "grammars": .array(grammars),
            "languages": languagesJSON,
            "themes": themesJSON,
            "styleLegend": legend,
            "attributeDeltas": .bool(pushesAttributes),
            "theme": .string(styles.theme.name ?? ""),
            "methods": Self.textStorageMethods,
        ]
    }
}
