import Foundation
import GrammarEngine
import ResourceFiles
import ThemeEngine

/// What a highlighter reads of a VS Code extension's `package.json`: its languages, grammars
/// and colour themes (`contributes.languages`, `.grammars`, `.themes`), with `%key%` strings
/// resolved through `package.nls.json`.
///
/// Paths in the manifest are relative to the extension folder; every one is checked to stay
/// inside it, so a manifest cannot make the daemon read files elsewhere.
public struct ExtensionManifest: Sendable {
    /// `publisher.name`, the extension's identity (two versions of one extension share it).
    public var identifier: String
    /// The `version` field, to keep the newest of several installed versions.
    public var version: String
    /// The extension folder.
    public var folder: URL
    /// Where it came from, for reports and listings (the folder, or the `.vsix` file).
    public var origin: String
    /// Languages it defines.
    public var languages: [LanguageDefinition] = []
    /// Grammars it contributes.
    public var grammars: [GrammarDefinition] = []
    /// Colour themes it contributes.
    public var themes: [ThemeCatalog.Entry] = []
    /// Entries skipped as unusable (a path out of the folder, a field of the wrong type).
    public var problems: [ExtensionError] = []

    /// Reads `package.json` (and `package.nls.json` if present) in `folder`.
    public init(folder: URL, origin: String? = nil) throws(ExtensionError) {
        self.folder = folder.standardizedFileURL
        self.origin = origin ?? folder.path
        let manifestURL = folder.appendingPathComponent("package.json")
        let object = try Self.jsonObject(manifestURL)
        let strings = (try? Self.jsonObject(folder.appendingPathComponent("package.nls.json"))) ?? [:]
        let publisher = object["publisher"] as? String ?? "unknown"
        let name = object["name"] as? String ?? folder.lastPathComponent
        identifier = "\(publisher).\(name)".lowercased()
        version = object["version"] as? String ?? "0"
        let contributes = object["contributes"] as? [String: Any] ?? [:]
        for entry in contributes["languages"] as? [Any] ?? [] {
            guard let entry = entry as? [String: Any], let id = entry["id"] as? String, !id.isEmpty else {
                problems.append(.malformed(path: manifestURL.path, reason: "a language without an id"))
                continue
            }
            languages.append(language(id: id, entry))
        }
        for entry in contributes["grammars"] as? [Any] ?? [] {
            guard let entry = entry as? [String: Any] else { continue }
            do {
                grammars.append(try grammar(entry))
            } catch {
                problems.append(error)
            }
        }
        for entry in contributes["themes"] as? [Any] ?? [] {
            guard let entry = entry as? [String: Any] else { continue }
            do {
                themes.append(try theme(entry, strings: strings))
            } catch {
                problems.append(error)
            }
        }
    }

    private func language(id: String, _ entry: [String: Any]) -> LanguageDefinition {
        var definition = LanguageDefinition(
            id: id, aliases: Self.strings(entry["aliases"]), extensions: Self.strings(entry["extensions"]),
            filenames: Self.strings(entry["filenames"]),
            filenamePatterns: Self.strings(entry["filenamePatterns"]),
            firstLine: entry["firstLine"] as? String, origin: origin)
        if let path = entry["configuration"] as? String, let url = try? resolve(path) {
            definition.configurationPath = url.path
        }
        return definition
    }

    private func grammar(_ entry: [String: Any]) throws(ExtensionError) -> GrammarDefinition {
        guard let scopeName = entry["scopeName"] as? String, !scopeName.isEmpty,
            let path = entry["path"] as? String
        else {
            throw .malformed(
                path: folder.appendingPathComponent("package.json").path,
                reason: "a grammar without scopeName or path")
        }
        return GrammarDefinition(
            scopeName: scopeName, path: try resolve(path), languageId: entry["language"] as? String,
            embeddedLanguages: Self.stringMap(entry["embeddedLanguages"]),
            tokenTypes: Self.stringMap(entry["tokenTypes"]),
            injectTo: Self.strings(entry["injectTo"]),
            balancedBracketScopes: Self.strings(entry["balancedBracketScopes"]),
            unbalancedBracketScopes: Self.strings(entry["unbalancedBracketScopes"]), origin: origin)
    }

    private func theme(_ entry: [String: Any], strings: [String: Any]) throws(ExtensionError)
        -> ThemeCatalog.Entry
    {
        guard let path = entry["path"] as? String else {
            throw .malformed(
                path: folder.appendingPathComponent("package.json").path, reason: "a theme without a path")
        }
        let url = try resolve(path)
        var label =
            entry["label"] as? String ?? entry["id"] as? String
            ?? url.deletingPathExtension().lastPathComponent
        // `%key%` names a string of package.nls.json.
        if label.count > 2, label.hasPrefix("%"), label.hasSuffix("%"),
            let localized = strings[String(label.dropFirst().dropLast())] as? String
        {
            label = localized
        }
        return ThemeCatalog.Entry(
            label: label, path: url, uiTheme: entry["uiTheme"] as? String, origin: origin)
    }

    /// The URL of a manifest path, refused when it leads out of the extension folder.
    func resolve(_ path: String) throws(ExtensionError) -> URL {
        let url = folder.appendingPathComponent(path).standardizedFileURL
        guard url.path.hasPrefix(folder.path + "/") else {
            throw .pathOutsideExtension(path: path, extension: origin)
        }
        return url
    }

    static func jsonObject(_ url: URL) throws(ExtensionError) -> [String: Any] {
        let bytes: [UInt8]
        do {
            bytes = try ResourceFile.contents(of: url)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw .malformed(path: url.path, reason: "not JSON: \(error.localizedDescription)")
        }
        guard let object = value as? [String: Any] else {
            throw .malformed(path: url.path, reason: "the JSON root is not an object")
        }
        return object
    }

    static func strings(_ value: Any?) -> [String] {
        (value as? [Any])?.compactMap { $0 as? String } ?? []
    }

    static func stringMap(_ value: Any?) -> [String: String] {
        (value as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
    }
}
