import Foundation
import JSONSyntax
import ResourceFiles

/// The list of languages highlightd ships grammars for (`Grammars/languages.json`): each LSP
/// language id with its root scope and the grammar file in `Grammars/Languages/`.
///
/// Several ids may share one grammar (`javascript`, `javascriptreact`); file extensions, file
/// names and first lines come from the grammar files themselves.
public struct LanguageManifest: Sendable, Hashable {
    /// One language id and the grammar that highlights it.
    public struct Language: Sendable, Hashable {
        /// The LSP language id, e.g. `rust`.
        public var id: String
        /// The grammar's root scope, e.g. `source.rust`.
        public var scopeName: String
        /// The grammar's file name in `Languages/`, e.g. `rust.tmLanguage.json`.
        public var grammar: String
        /// Display names, as in VS Code's `contributes.languages`.
        public var aliases: [String]?
        /// File name endings with their dot (`.rs`).
        public var extensions: [String]?
        /// Whole file names (`Cargo.lock`).
        public var filenames: [String]?
        /// Globs over file names or paths.
        public var filenamePatterns: [String]?
        /// A first-line pattern (Oniguruma syntax).
        public var firstLine: String?
        /// Comments, brackets and folding, in the shape of VS Code's `language-configuration.json`.
        public var configuration: LanguageConfiguration?

        /// Creates an entry.
        public init(
            id: String, scopeName: String, grammar: String, aliases: [String]? = nil,
            extensions: [String]? = nil,
            filenames: [String]? = nil, filenamePatterns: [String]? = nil, firstLine: String? = nil
        ) {
            self.id = id
            self.scopeName = scopeName
            self.grammar = grammar
            self.aliases = aliases
            self.extensions = extensions
            self.filenames = filenames
            self.filenamePatterns = filenamePatterns
            self.firstLine = firstLine
        }

        /// Reads one entry of the manifest's `languages` (`path` names it in errors): `id`,
        /// `scopeName` and `grammar` are required strings, the lists are optional lists of
        /// strings, and unknown fields are ignored.
        init(json: JSONValue, at path: String) throws(ManifestShapeError) {
            guard json.objectValue != nil else {
                throw ManifestShapeError(message: "\(path) is not an object")
            }
            func required(_ key: String) throws(ManifestShapeError) -> String {
                guard let value = json[key]?.stringValue else {
                    throw ManifestShapeError(message: "\(path).\(key) must be a string")
                }
                return value
            }
            func optionalStrings(_ key: String) throws(ManifestShapeError) -> [String]? {
                guard let value = json[key], value != .null else { return nil }
                guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                    throw ManifestShapeError(message: "\(path).\(key) must be a list of strings")
                }
                return items.compactMap(\.stringValue)
            }
            self.init(
                id: try required("id"), scopeName: try required("scopeName"),
                grammar: try required("grammar"),
                aliases: try optionalStrings("aliases"), extensions: try optionalStrings("extensions"),
                filenames: try optionalStrings("filenames"),
                filenamePatterns: try optionalStrings("filenamePatterns"))
            switch json["firstLine"] {
            case nil, .null?: break
            case .string(let pattern)?: firstLine = pattern
            default: throw ManifestShapeError(message: "\(path).firstLine must be a string")
            }
            switch json["configuration"] {
            case nil, .null?: break
            case let value? where value.objectValue != nil: configuration = LanguageConfiguration(json: value)
            default: throw ManifestShapeError(message: "\(path).configuration must be an object")
            }
        }

        /// Whether the entry says which files are in the language, so that its grammar need
        /// not be read at start-up for its `fileTypes`.
        public var describesFiles: Bool {
            extensions != nil || filenames != nil || filenamePatterns != nil || firstLine != nil
        }

        /// The entry as a language definition.
        public var definition: LanguageDefinition {
            var definition = LanguageDefinition(
                id: id, aliases: aliases ?? [], extensions: extensions ?? [], filenames: filenames ?? [],
                filenamePatterns: filenamePatterns ?? [], firstLine: firstLine, origin: "bundled")
            definition.configuration = configuration
            return definition
        }
    }

    /// The file name of the manifest inside the Grammars folder.
    public static let fileName = "languages.json"

    /// The languages, in manifest order.
    public var languages: [Language]

    /// Creates a manifest from its entries.
    public init(languages: [Language]) {
        self.languages = languages
    }

    /// Reads a manifest file; unknown fields are ignored.
    public init(contentsOf url: URL) throws(GrammarError) {
        let bytes: [UInt8]
        do {
            bytes = try ResourceFile.contents(of: url)
        } catch {
            throw GrammarError(error)
        }
        try self.init(bytes: bytes, name: url.lastPathComponent)
    }

    /// Reads a manifest from bytes in memory (`name` names it in errors).
    public init(bytes: [UInt8], name: String) throws(GrammarError) {
        do {
            guard let entries = try JSONValue(parsing: bytes)["languages"]?.arrayValue else {
                throw ManifestShapeError(message: "no \"languages\" array")
            }
            var languages: [Language] = []
            for (index, entry) in entries.enumerated() {
                languages.append(try Language(json: entry, at: "languages[\(index)]"))
            }
            self.languages = languages
        } catch {
            throw .malformed(message: "\(name): \(error)")
        }
    }

    /// The language ids served by each grammar file, in manifest order of first mention.
    public var languageIdsByGrammar: [(grammar: String, scopeName: String, ids: [String])] {
        var result: [(grammar: String, scopeName: String, ids: [String])] = []
        for language in languages {
            if let index = result.firstIndex(where: { $0.grammar == language.grammar }) {
                result[index].ids.append(language.id)
            } else {
                result.append((language.grammar, language.scopeName, [language.id]))
            }
        }
        return result
    }

    /// The language ids the manifest gives a root scope.
    public func languageIds(forScope scopeName: String) -> [String] {
        languages.filter { $0.scopeName == scopeName }.map(\.id)
    }
}

/// Why a manifest's JSON does not have the manifest's shape.
struct ManifestShapeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
