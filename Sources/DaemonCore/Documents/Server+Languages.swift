import Foundation
import GrammarEngine
import JSONRPC
import Synchronization
import TextRope
import ThemeEngine
import VSCodeExtensions

/// The extension settings a client gives in `initializationOptions` and may change with
/// `workspace/didChangeConfiguration`.
struct ExtensionSettings: Sendable {
    /// `extensionPaths`: extension folders, folders of them and `.vsix` files.
    var paths: [String] = []
    /// `vscodeExtensions: "auto"`: also the places VS Code keeps extensions.
    var automatic = false
    /// `fileAssociations`: glob → language id, like VS Code's `files.associations`.
    var associations: [(glob: String, languageId: String)] = []
}

/// Grammar files that failed when first needed (reported by the registry from any thread),
/// waiting to be logged by the server.
final class GrammarProblems: Sendable {
    private let pending = Mutex<[String]>([])

    func add(_ message: String) {
        pending.withLock { $0.append(message) }
    }

    func take() -> [String] {
        pending.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}

/// The extension settings a settings object names: `extensionPaths`, `vscodeExtensions` and
/// `fileAssociations`, each nil when absent (then the value held stays).
struct ExtensionSettingsChange {
    var paths: [String]?
    var automatic: Bool?
    var associations: [(glob: String, languageId: String)]?

    /// The most `fileAssociations` a client may give.
    static let maximumFileAssociations = 100
    /// The longest glob of `fileAssociations`, in bytes.
    static let maximumGlobLength = 1_024

    init() {}

    /// Reads the members of `section` whose names start with `prefix`.
    init(_ section: Params, prefix: String) throws(ResponseError) {
        paths = try Server.grammarPaths(section, field: prefix + "extensionPaths")
        if let mode = try section.optionalString(prefix + "vscodeExtensions") {
            guard mode == "auto" || mode == "off" else {
                throw .invalidParams("\(prefix)vscodeExtensions must be \"auto\" or \"off\"")
            }
            automatic = mode == "auto"
        }
        if let value = section.optional(prefix + "fileAssociations") {
            guard case .object(let pairs) = value else {
                throw .invalidParams("\(prefix)fileAssociations must be an object of glob → language id")
            }
            // Each association is matched against every document opened: bounded, so that a
            // client cannot make every open cost seconds.
            guard pairs.count <= Self.maximumFileAssociations else {
                throw .invalidParams(
                    "\(prefix)fileAssociations: at most \(Self.maximumFileAssociations) globs")
            }
            var associations: [(glob: String, languageId: String)] = []
            // An object has no order: the longest glob, the most specific, goes last and wins.
            for (glob, language) in pairs.sorted(by: { ($0.key.count, $0.key) < ($1.key.count, $1.key) }) {
                guard let language = language.stringValue, !language.isEmpty, !glob.isEmpty else {
                    throw .invalidParams(
                        "\(prefix)fileAssociations[\(glob.prefix(64))] must be a language id")
                }
                guard glob.utf8.count <= Self.maximumGlobLength else {
                    throw .invalidParams(
                        "\(prefix)fileAssociations: a glob of more than \(Self.maximumGlobLength) bytes")
                }
                associations.append((glob, language))
            }
            self.associations = associations
        }
    }

    /// Whether it names no setting.
    var isEmpty: Bool { paths == nil && automatic == nil && associations == nil }

    /// `settings` with the members this change names replaced.
    func applied(to settings: ExtensionSettings) -> ExtensionSettings {
        var settings = settings
        if let paths { settings.paths = paths }
        if let automatic { settings.automatic = automatic }
        if let associations { settings.associations = associations }
        return settings
    }
}

extension Server {
    /// The extension paths to read: automatic places first, so that the client's win.
    var extensionURLs: [URL] {
        (extensionSettings.automatic ? ExtensionSet.automaticLocations() : []) + configuration.extensionPaths
            + extensionSettings.paths.map { URL(fileURLWithPath: $0) }
    }

    /// Logs the grammar files that failed since the last call.
    func logGrammarProblems() {
        for message in grammarProblems.take() { log(message) }
    }

    /// The languages the registry highlights, for `initialize` and plugins deciding where to
    /// keep the editor's own highlighting.
    var languagesJSON: JSONValue {
        .array(
            registry.languageSummaries.compactMap { language in
                guard let scope = language.scopeName else { return nil }
                return [
                    "id": .string(language.id),
                    "aliases": .array(language.aliases.map { .string($0) }),
                    "extensions": .array(language.extensions.map { .string($0) }),
                    "filenames": .array(language.filenames.map { .string($0) }),
                    "filenamePatterns": .array(language.filenamePatterns.map { .string($0) }),
                    "scopeName": .string(scope),
                    "source": .string(language.origin),
                ]
            })
    }

    /// The themes a client may name (`theme` in `initializationOptions` or a configuration
    /// change): the bundled ones, then those the extensions contribute, for a theme picker.
    var themesJSON: JSONValue {
        let bundled: [JSONValue] = Theme.builtInNames.map { name in
            ["label": .string(name), "type": .string(name), "source": .string("bundled")]
        }
        let contributed: [JSONValue] = themes.entries.map { entry in
            var theme: [String: JSONValue] = ["label": .string(entry.label), "source": .string(entry.origin)]
            theme["type"] =
                entry.uiTheme.map { .string($0 == "vs" || $0 == "hc-light" ? "light" : "dark") } ?? .null
            return .object(theme)
        }
        return .array(bundled + contributed)
    }

    /// `textStorage/language`: the language a document is highlighted as (`scopeName` null:
    /// plain text), or with a `position`, the language at that position (an embedded one
    /// inside a fenced block, a `<style>` element, …).
    func language(_ params: LanguageParams) -> LanguageResult {
        let document = params.document
        guard let highlighter = document.highlighter else {
            return LanguageResult(
                languageId: document.detectedLanguageId, scopeName: nil, scopes: nil,
                configuration: document.detectedLanguageId.flatMap {
                    registry.languageConfiguration(forLanguage: $0)
                })
        }
        let languageId = document.detectedLanguageId ?? document.languageId
        guard let offset = params.offset else {
            return LanguageResult(
                languageId: languageId, scopeName: document.scopeName, scopes: nil,
                configuration: document.features.configuration)
        }
        let text = document.storage.text
        let line = text.lineIndex(containingUTF8: offset)
        let lineStart = (try? text.lineBounds(line).start) ?? 0
        let scopes = highlighter.scopes(
            atLine: line, utf8Column: offset - lineStart, storage: document.storage)
        // The lines before it may have been highlighted for the answer: their runs go out now,
        // as a viewport's do.
        if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
        let atPosition = registry.language(
            atScopes: scopes, rootScope: document.scopeName, languageId: languageId)
        return LanguageResult(
            languageId: atPosition, scopeName: document.scopeName, scopes: scopes,
            configuration: registry.languageConfiguration(forLanguage: atPosition))
    }
}
