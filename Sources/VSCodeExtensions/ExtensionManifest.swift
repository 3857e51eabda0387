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
    ///
    /// Manifests are parsed with the grammar engine's JSON reader into `RawValue`s: with
    /// hundreds of extensions, Foundation's `JSONSerialization` and the casts out of `Any`
    /// it needs cost more than the rest of start-up.
    public init(folder: URL, origin: String? = nil) throws(ExtensionError) {
        let folderPath = Self.normalized(folder.path)
        self.folder = URL(fileURLWithPath: folderPath, isDirectory: true)
        self.origin = origin ?? folder.path
        let manifestPath = folderPath + "/package.json"
        let object = try Self.jsonObject(manifestPath)
        // Most extensions have no package.nls.json: one stat, rather than a failed read whose
        // error text would be built only to be dropped.
        let stringsPath = folderPath + "/package.nls.json"
        let strings =
            FileManager.default.fileExists(atPath: stringsPath)
            ? ((try? Self.jsonObject(stringsPath)) ?? .object([])) : .object([])
        let publisher = object["publisher"]?.stringValue ?? "unknown"
        let name = object["name"]?.stringValue ?? folder.lastPathComponent
        identifier = (publisher + "." + name).lowercased()
        version = object["version"]?.stringValue ?? "0"
        let contributes = object["contributes"] ?? .object([])
        for entry in Self.items(contributes["languages"]) {
            guard let id = entry["id"]?.stringValue, !id.isEmpty else {
                problems.append(.malformed(path: manifestPath, reason: "a language without an id"))
                continue
            }
            languages.append(language(id: id, entry, folderPath: folderPath))
        }
        for entry in Self.items(contributes["grammars"]) {
            do {
                grammars.append(try grammar(entry, folderPath: folderPath))
            } catch {
                problems.append(error)
            }
        }
        for entry in Self.items(contributes["themes"]) {
            do {
                themes.append(try theme(entry, strings: strings, folderPath: folderPath))
            } catch {
                problems.append(error)
            }
        }
    }

    private func language(id: String, _ entry: RawValue, folderPath: String) -> LanguageDefinition {
        var definition = LanguageDefinition(
            id: id, aliases: Self.strings(entry["aliases"]), extensions: Self.strings(entry["extensions"]),
            filenames: Self.strings(entry["filenames"]),
            filenamePatterns: Self.strings(entry["filenamePatterns"]),
            firstLine: entry["firstLine"]?.stringValue, origin: origin)
        if let path = entry["configuration"]?.stringValue, let resolved = try? resolve(path, in: folderPath) {
            definition.configurationPath = resolved
        }
        return definition
    }

    private func grammar(_ entry: RawValue, folderPath: String) throws(ExtensionError) -> GrammarDefinition {
        guard let scopeName = entry["scopeName"]?.stringValue, !scopeName.isEmpty,
            let path = entry["path"]?.stringValue
        else {
            throw .malformed(
                path: folderPath + "/package.json", reason: "a grammar without scopeName or path")
        }
        return GrammarDefinition(
            scopeName: scopeName, path: URL(fileURLWithPath: try resolve(path, in: folderPath)),
            languageId: entry["language"]?.stringValue,
            embeddedLanguages: Self.stringMap(entry["embeddedLanguages"]),
            tokenTypes: Self.stringMap(entry["tokenTypes"]), injectTo: Self.strings(entry["injectTo"]),
            balancedBracketScopes: Self.strings(entry["balancedBracketScopes"]),
            unbalancedBracketScopes: Self.strings(entry["unbalancedBracketScopes"]), origin: origin)
    }

    private func theme(
        _ entry: RawValue, strings: RawValue, folderPath: String
    ) throws(ExtensionError) -> ThemeCatalog.Entry {
        guard let path = entry["path"]?.stringValue else {
            throw .malformed(path: folderPath + "/package.json", reason: "a theme without a path")
        }
        let url = URL(fileURLWithPath: try resolve(path, in: folderPath))
        var label =
            entry["label"]?.stringValue ?? entry["id"]?.stringValue
            ?? url.deletingPathExtension().lastPathComponent
        // `%key%` names a string of package.nls.json.
        if label.count > 2, label.hasPrefix("%"), label.hasSuffix("%"),
            let localized = strings[String(label.dropFirst().dropLast())]?.stringValue
        {
            label = localized
        }
        return ThemeCatalog.Entry(
            label: label, path: url, uiTheme: entry["uiTheme"]?.stringValue, origin: origin)
    }

    /// The path of a manifest path inside `folderPath`, refused when it leads out of it.
    func resolve(_ path: String, in folderPath: String) throws(ExtensionError) -> String {
        let resolved = Self.normalized(path.hasPrefix("/") ? path : folderPath + "/" + path)
        guard resolved.hasPrefix(folderPath + "/") else {
            throw .pathOutsideExtension(path: path, extension: origin)
        }
        return resolved
    }

    /// An absolute path with `.`, `..` and repeated slashes resolved by name (no file system
    /// access, links are not followed).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func jsonObject(_ path: String) throws(ExtensionError) -> RawValue {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.contents(atPath: path, limit: ResourceFile.maximumSize)
        } catch {
            switch error {
            case .unreadable(_, let reason): throw .unreadable(path: path, reason: reason)
            case .notRegularFile: throw .unreadable(path: path, reason: "not a regular file")
            case .tooLarge(_, let limit): throw .unreadable(path: path, reason: "larger than \(limit) bytes")
            }
        }
        let value: RawValue
        do {
            value = try RawValue.parse(Data(bytes), format: .json)
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
        guard case .object = value else {
            throw .malformed(path: path, reason: "the JSON root is not an object")
        }
        return value
    }

    static func items(_ value: RawValue?) -> [RawValue] {
        guard case .array(let items)? = value else { return [] }
        return items.filter { if case .object = $0 { return true } else { return false } }
    }

    static func strings(_ value: RawValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap(\.stringValue)
    }

    static func stringMap(_ value: RawValue?) -> [String: String] {
        guard case .object(let pairs)? = value else { return [:] }
        var map: [String: String] = [:]
        for (key, item) in pairs {
            if let text = item.stringValue { map[key] = text }
        }
        return map
    }
}
