import Foundation

/// Reads VS Code colour themes (`colors`, `tokenColors`, `include`) into the raw shape, the way
/// VS Code's `colorThemeData.ts` prepares them for vscode-textmate.
///
/// The first raw setting is the default rule, synthesized from `editor.foreground` and
/// `editor.background`; scope-less `tokenColors` entries are dropped. Included themes come
/// first, so the including file's rules win ties.
enum VSCodeThemeReader {
    /// Accumulated content of a theme and the themes it includes.
    struct Content {
        var name: String?
        var type: String?
        var colors: [String: String] = [:]
        var rules: [RawThemeSetting] = []
        // Colours of scope-less tokenColors entries, a fallback when `colors` has none.
        var fallbackForeground: String?
        var fallbackBackground: String?
        // Whether every file read was a tmTheme in JSON (`settings`), vscode-textmate's own
        // test theme shape, rather than a VS Code colour theme.
        var onlyLegacySettings = true
    }

    /// How many files deep `include` may chain; real themes include one or two.
    static let maximumIncludeDepth = 32

    /// True when a decoded JSON object has any VS Code theme key.
    static func isVSCodeTheme(_ object: [String: Any]) -> Bool {
        object["tokenColors"] != nil || object["colors"] != nil || object["include"] != nil
            || object["type"] != nil
    }

    /// Reads the VS Code theme at `url` with its includes; `uiTheme` is the base theme an
    /// extension's manifest gives it (`vs`, `vs-dark`, `hc-black`, `hc-light`).
    ///
    /// The default colours are the theme's `editor.foreground` and `editor.background`
    /// (through its includes), else a scope-less rule's, else the base theme's (from `type`,
    /// else `uiTheme`). A theme with none of these in the tmTheme-as-JSON shape keeps
    /// vscode-textmate's defaults (black on white), as vscode-textmate reads such files.
    /// `object` is the file's JSON when the caller has parsed it already.
    static func read(
        _ url: URL, uiTheme: String? = nil, bytes: [UInt8]? = nil, object: [String: Any]? = nil
    ) throws(ThemeError) -> RawTheme {
        var content = Content()
        try load(url, into: &content, visiting: [], bytes: bytes, object: object)
        let type = content.type ?? uiTheme.map(themeType(ofUITheme:))
        let dark: Bool
        if let type {
            dark = type != "light" && type != "hcLight"
        } else {
            dark = !content.onlyLegacySettings
        }
        // Defaults when nothing names the editor colours: VS Code's plain dark and light editor.
        let foreground =
            content.colors["editor.foreground"] ?? content.fallbackForeground
            ?? (dark ? "#D4D4D4" : "#000000")
        let background =
            content.colors["editor.background"] ?? content.fallbackBackground
            ?? (dark ? "#1E1E1E" : "#FFFFFF")
        let defaults = RawThemeSetting(
            foreground: normalizeColor(foreground), background: normalizeColor(background))
        var bracketColors: [String] = []
        for level in 1...6 {
            guard let given = content.colors["editorBracketHighlight.foreground\(level)"],
                let color = normalizeColor(given)
            else { break }
            bracketColors.append(color)
        }
        return RawTheme(
            name: content.name, settings: [defaults] + content.rules, bracketColors: bracketColors,
            unexpectedBracketColor: content.colors["editorBracketHighlight.unexpectedBracket.foreground"]
                .flatMap(
                    normalizeColor))
    }

    /// A manifest's `uiTheme` as a theme file's `type`.
    static func themeType(ofUITheme uiTheme: String) -> String {
        switch uiTheme {
        case "vs": return "light"
        case "hc-black": return "hc"
        case "hc-light": return "hcLight"
        default: return "dark"
        }
    }

    private static func load(
        _ url: URL, into content: inout Content, visiting: Set<String>, bytes given: [UInt8]? = nil,
        object parsed: [String: Any]? = nil
    ) throws(ThemeError) {
        let key = url.standardizedFileURL.path
        guard !visiting.contains(key) else { throw .includeCycle(path: url.path) }
        // Each include recurses: a chain of distinct files must not reach the stack's end.
        guard visiting.count < maximumIncludeDepth else {
            throw .malformed(path: url.path, reason: "includes nest deeper than \(maximumIncludeDepth) files")
        }
        let visiting = visiting.union([key])
        let object: [String: Any]
        if let parsed {
            object = parsed
        } else {
            let bytes: [UInt8]
            if let given { bytes = given } else { bytes = try ThemeFileReader.readBytes(url) }
            if ThemeFileReader.looksLikePropertyList(bytes) {
                let plist = try ThemeFileReader.propertyList(bytes, path: url.path)
                try addTextMateTheme(plist, path: url.path, into: &content)
                return
            }
            object = try ThemeFileReader.jsonObject(bytes, path: url.path)
        }
        if let include = object["include"] as? String {
            try load(resolve(include, relativeTo: url), into: &content, visiting: visiting)
        }
        if let name = object["name"] as? String { content.name = name }
        if let type = object["type"] as? String { content.type = type }
        // The older shape, a tmTheme written as JSON: VS Code reads `settings` as the token
        // colours (after the include) and then ignores `colors` and `tokenColors`.
        if let settings = object["settings"] as? [Any] {
            for entry in settings { addLegacySetting(entry, into: &content) }
            return
        }
        content.onlyLegacySettings = false
        if let colors = object["colors"] as? [String: Any] {
            for (key, value) in colors {
                if let value = value as? String { content.colors[key] = value }
            }
        }
        switch object["tokenColors"] {
        case let path as String:
            let themeURL = resolve(path, relativeTo: url)
            let plistBytes = try ThemeFileReader.readBytes(themeURL)
            let plist = try ThemeFileReader.propertyList(plistBytes, path: themeURL.path)
            try addTextMateTheme(plist, path: themeURL.path, into: &content)
        case let entries as [Any]:
            for entry in entries { add(entry, into: &content) }
        case nil:
            break
        default:
            throw .malformed(path: url.path, reason: "\"tokenColors\" must be an array or a path")
        }
    }

    /// Adds a tmTheme's settings: its scope-less entry names the editor colours.
    private static func addTextMateTheme(
        _ plist: [String: Any], path: String, into content: inout Content
    ) throws(ThemeError) {
        let raw = try ThemeFileReader.rawTheme(fromPropertyList: plist, path: path)
        if content.name == nil { content.name = raw.name }
        for setting in raw.settings {
            guard setting.scope == nil else {
                content.rules.append(normalized(setting))
                continue
            }
            if let foreground = setting.foreground { content.colors["editor.foreground"] = foreground }
            if let background = setting.background { content.colors["editor.background"] = background }
        }
    }

    private static func add(_ entry: Any, into content: inout Content) {
        guard let setting = ThemeFileReader.setting(from: entry), !appendIfScoped(setting, to: &content)
        else {
            return
        }
        content.fallbackForeground = setting.foreground ?? content.fallbackForeground
        content.fallbackBackground = setting.background ?? content.fallbackBackground
    }

    /// One entry of a JSON `settings` array: with a scope it is a token rule; without one its
    /// colours are the editor's (VS Code's `convertSettings`).
    private static func addLegacySetting(_ entry: Any, into content: inout Content) {
        guard let setting = ThemeFileReader.setting(from: entry), !appendIfScoped(setting, to: &content)
        else {
            return
        }
        if let foreground = setting.foreground { content.colors["editor.foreground"] = foreground }
        if let background = setting.background { content.colors["editor.background"] = background }
    }

    /// Appends `setting` as a token rule if its scope is truthy in JavaScript (not "" and not
    /// absent), the only entries VS Code keeps as rules; returns whether it did.
    private static func appendIfScoped(_ setting: RawThemeSetting, to content: inout Content) -> Bool {
        switch setting.scope {
        case .string(let scope) where scope.isEmpty: return false
        case .string, .list:
            content.rules.append(normalized(setting))
            return true
        case nil: return false
        }
    }

    private static func resolve(_ path: String, relativeTo url: URL) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    }

    private static func normalized(_ setting: RawThemeSetting) -> RawThemeSetting {
        var setting = setting
        setting.foreground = setting.foreground.flatMap(normalizeColor)
        setting.background = setting.background.flatMap(normalizeColor)
        return setting
    }

    /// VS Code's `normalizeColor`: `#rgb`/`#rgba` expand to `#rrggbb`/`#rrggbbaa`, upper-cased;
    /// anything else is dropped.
    static func normalizeColor(_ text: String) -> String? {
        guard let color = ThemeColor(hex: text) else { return nil }
        let digits = Array(color.hex.dropFirst())
        guard digits.count == 3 || digits.count == 4 else { return color.hex }
        return "#" + String(digits.flatMap { [$0, $0] })
    }
}
