import Foundation
import ResourceFiles

extension Theme {
    /// The names of the project's own themes, accepted by `builtIn(named:)`.
    public static let builtInNames = ["dark", "light"]

    /// Loads a theme file: `.tmTheme` (XML property list), VS Code JSON (with `include`,
    /// `colors`, `tokenColors`), or vscode-textmate's raw JSON shape.
    public static func load(from url: URL) throws(ThemeError) -> Theme {
        Theme(try ThemeFileReader.read(url))
    }

    /// Loads a theme an extension contributes; its `uiTheme` decides the default colours when
    /// the file names none, as in VS Code.
    public static func load(_ entry: ThemeCatalog.Entry) throws(ThemeError) -> Theme {
        Theme(try ThemeFileReader.read(entry.path, uiTheme: entry.uiTheme))
    }

    /// Loads a theme by name: `"dark"` and `"light"` are the project's own; any other name is
    /// looked up as `NAME.json` or `NAME.tmTheme`, in the `Grammars/Themes` folder `locator`
    /// finds, else among the themes built into the executable.
    public static func builtIn(
        named name: String, locator: ResourceLocator = ResourceLocator()
    ) throws(ThemeError) -> Theme {
        let base = builtInNames.contains(name) ? "highlightd-\(name)" : name
        // A name is a file name inside the folder, never a path out of it.
        guard !base.contains("/"), !base.hasPrefix(".") else {
            throw .unknownTheme(name: name, searched: [locator.themesDirectory()?.path ?? "(built in)"])
        }
        let names = [base + ".json", base + ".tmTheme"]
        guard let folder = locator.themesDirectory() else {
            for file in names {
                guard let bytes = BundledFiles.contents(of: "Themes/" + file) else { continue }
                let url = URL(fileURLWithPath: "/(built in)/Grammars/Themes/" + file)
                return Theme(try ThemeFileReader.read(bytes: bytes, url: url))
            }
            throw .unknownTheme(name: name, searched: names.map { "(built in) Themes/" + $0 })
        }
        let candidates = names.map { folder.appendingPathComponent($0) }
        guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw .unknownTheme(name: name, searched: candidates.map(\.path))
        }
        return try load(from: url)
    }

    /// Loads a theme given as a command-line value: the label of a theme in `catalog`, a path
    /// to a theme file (anything with a `/` or a `.json`/`.tmTheme` extension), else a built-in
    /// name.
    public static func named(
        _ nameOrPath: String, locator: ResourceLocator = ResourceLocator(),
        catalog: ThemeCatalog = ThemeCatalog()
    ) throws(ThemeError) -> Theme {
        // A label an extension contributes wins over a built-in name: the user installed it.
        if let entry = catalog.entry(labeled: nameOrPath) { return try load(entry) }
        let isPath =
            nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") || nameOrPath.hasSuffix(".tmTheme")
        if isPath { return try load(from: URL(fileURLWithPath: nameOrPath)) }
        return try builtIn(named: nameOrPath, locator: locator)
    }
}
