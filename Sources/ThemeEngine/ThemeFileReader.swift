import Foundation
import JSONSyntax
import PlistSyntax
import ResourceFiles

/// Reads theme files into `RawTheme`s: TextMate `.tmTheme` property lists, vscode-textmate's
/// raw JSON shape (`{name, settings}`) and VS Code colour themes (see `VSCodeThemeReader`).
enum ThemeFileReader {
    /// Reads the theme at `url`, choosing the format from the file's content.
    static func read(_ url: URL, uiTheme: String? = nil) throws(ThemeError) -> RawTheme {
        try read(bytes: try readBytes(url), url: url, uiTheme: uiTheme)
    }

    /// Reads a theme whose bytes are in memory (a theme built into the executable); `url`
    /// names it and anchors relative `include`s.
    static func read(bytes: [UInt8], url: URL, uiTheme: String? = nil) throws(ThemeError) -> RawTheme {
        if looksLikePropertyList(bytes) {
            let plist = try propertyList(bytes, path: url.path)
            return try rawTheme(fromPropertyList: plist, path: url.path)
        }
        let object = try jsonObject(bytes, path: url.path)
        if VSCodeThemeReader.isVSCodeTheme(object) {
            return try VSCodeThemeReader.read(url, uiTheme: uiTheme, object: object)
        }
        guard object["settings"] is [Any] else {
            throw .malformed(
                path: url.path, reason: "expected \"settings\" (tmTheme shape) or \"tokenColors\" (VS Code)")
        }
        return rawTheme(fromObject: object)
    }

    /// The file's bytes, at most `ResourceFile.maximumSize` of them.
    static func readBytes(_ url: URL) throws(ThemeError) -> [UInt8] {
        do {
            return try ResourceFile.contents(of: url)
        } catch {
            throw ThemeError(error)
        }
    }

    /// True when the bytes start (after whitespace and a BOM) with `<`: an XML property list.
    static func looksLikePropertyList(_ bytes: [UInt8]) -> Bool {
        let skipped: Set<UInt8> = [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D]
        return bytes.first { !skipped.contains($0) } == UInt8(ascii: "<")
    }

    /// Parses a property list whose root is a dictionary.
    static func propertyList(_ bytes: [UInt8], path: String) throws(ThemeError) -> [String: Any] {
        let value: Any
        do {
            value = try PlistParser<FoundationValueBuilder>.parse(bytes)
        } catch {
            throw .malformed(path: path, reason: "not a property list: \(error)")
        }
        guard let dictionary = value as? [String: Any] else {
            throw .malformed(path: path, reason: "the property list's root is not a dictionary")
        }
        return dictionary
    }

    /// Parses JSON with comments and trailing commas whose root is an object.
    static func jsonObject(_ bytes: [UInt8], path: String) throws(ThemeError) -> [String: Any] {
        let value: Any
        do {
            value = try JSONParser<FoundationValueBuilder>.parse(JSONCSanitizer.sanitize(bytes))
        } catch {
            throw .malformed(path: path, reason: "not JSON: \(error)")
        }
        guard let object = value as? [String: Any] else {
            throw .malformed(path: path, reason: "the JSON root is not an object")
        }
        return object
    }

    /// Reads a tmTheme dictionary: `settings` must be an array.
    static func rawTheme(fromPropertyList plist: [String: Any], path: String) throws(ThemeError) -> RawTheme {
        guard plist["settings"] is [Any] else {
            throw .malformed(path: path, reason: "a tmTheme needs a \"settings\" array")
        }
        return rawTheme(fromObject: plist)
    }

    /// Reads the `{name, settings: [...]}` shape; entries without a `settings` dictionary are
    /// skipped and fields of the wrong type are ignored, as vscode-textmate does.
    static func rawTheme(fromObject object: [String: Any]) -> RawTheme {
        let entries = object["settings"] as? [Any] ?? []
        return RawTheme(name: object["name"] as? String, settings: entries.compactMap(setting(from:)))
    }

    /// One raw setting from a decoded `{name?, scope?, settings}` entry.
    static func setting(from entry: Any) -> RawThemeSetting? {
        guard let entry = entry as? [String: Any], let style = entry["settings"] as? [String: Any] else {
            return nil
        }
        var setting = RawThemeSetting(name: entry["name"] as? String)
        if let scope = entry["scope"] as? String {
            setting.scope = .string(scope)
        } else if let scopes = entry["scope"] as? [Any] {
            setting.scope = .list(scopes.compactMap { $0 as? String })
        }
        setting.foreground = style["foreground"] as? String
        setting.background = style["background"] as? String
        setting.fontStyle = style["fontStyle"] as? String
        return setting
    }
}
