import Foundation
import GrammarEngine
import ThemeEngine

/// The VS Code extensions a process reads: folders of extension folders (like
/// `~/.vscode/extensions`), single extension folders and `.vsix` files, in the order given.
///
/// Only manifests are read here; grammar files are read when a document needs them
/// (``register(into:)`` registers them as definitions). A broken extension is reported once
/// in ``problems`` with its path and skipped; the others load.
public struct ExtensionSet: Sendable {
    /// Readable extensions, in precedence order: later ones override earlier ones.
    public private(set) var manifests: [ExtensionManifest] = []
    /// What was skipped, and why.
    public private(set) var problems: [ExtensionError] = []

    /// An empty set.
    public init() {}

    /// Reads the extensions at `paths`, unpacking `.vsix` files through `archives`.
    public init(
        paths: [URL],
        archives: ExtensionArchive = ExtensionArchive(cacheDirectory: ExtensionArchive.userCache())
    ) {
        for path in paths { add(path, archives: archives) }
    }

    /// The folders VS Code and its relatives keep extensions in that exist here: the built-in
    /// extensions of an installed VS Code or VSCodium first, then the user's
    /// (`~/.vscode/extensions`, `~/.vscode-oss/extensions`, `~/.vscode-server/extensions`),
    /// so that a user's extension overrides a built-in one.
    public static func automaticLocations(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [URL] {
        let home = URL(fileURLWithPath: environment["HOME"] ?? "/", isDirectory: true)
        let builtIn = [
            "/usr/share/code/resources/app/extensions", "/usr/lib/code/extensions",
            "/usr/share/codium/resources/app/extensions", "/usr/lib/codium/resources/app/extensions",
            "/opt/visual-studio-code/resources/app/extensions", "/opt/vscodium-bin/resources/app/extensions",
            "/snap/code/current/usr/share/code/resources/app/extensions",
            "/Applications/Visual Studio Code.app/Contents/Resources/app/extensions",
            "/Applications/VSCodium.app/Contents/Resources/app/extensions",
        ].map { URL(fileURLWithPath: $0, isDirectory: true) }
        let user = [".vscode/extensions", ".vscode-oss/extensions", ".vscode-server/extensions"].map {
            home.appendingPathComponent($0, isDirectory: true)
        }
        return (builtIn + user).filter { isDirectory($0) }
    }

    /// Reads one path: a `.vsix` file, an extension folder, or a folder of them.
    public mutating func add(_ path: URL, archives: ExtensionArchive) {
        if path.pathExtension.lowercased() == "vsix", !Self.isDirectory(path) {
            addArchive(path, archives: archives)
        } else if FileManager.default.fileExists(atPath: path.appendingPathComponent("package.json").path) {
            addFolder(path)
        } else if Self.isDirectory(path) {
            addParent(path, archives: archives)
        } else {
            problems.append(.unreadable(path: path.path, reason: "no such extension, folder or .vsix file"))
        }
    }

    private mutating func addArchive(_ path: URL, archives: ExtensionArchive) {
        do {
            let folder = try archives.extensionFolder(of: path)
            try append(ExtensionManifest(folder: folder, origin: path.path))
        } catch {
            problems.append(error)
        }
    }

    private mutating func addFolder(_ path: URL) {
        do {
            try append(ExtensionManifest(folder: path))
        } catch {
            problems.append(error)
        }
    }

    /// A folder of extensions: each child folder with a `package.json` and each `.vsix` file,
    /// by name; of several versions of one extension (`pub.name-1.2.0`, `pub.name-1.10.0`)
    /// only the newest is kept, as VS Code runs only one.
    private mutating func addParent(_ path: URL, archives: ExtensionArchive) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? []).sorted()
        var found: [ExtensionManifest] = []
        for name in names where !name.hasPrefix(".") {
            let child = path.appendingPathComponent(name)
            var childSet = ExtensionSet()
            if name.lowercased().hasSuffix(".vsix"), !Self.isDirectory(child) {
                childSet.addArchive(child, archives: archives)
            } else if FileManager.default.fileExists(
                atPath: child.appendingPathComponent("package.json").path)
            {
                childSet.addFolder(child)
            } else {
                continue
            }
            problems += childSet.problems
            found += childSet.manifests
        }
        var newest: [String: Int] = [:]
        for (index, manifest) in found.enumerated() {
            if let kept = newest[manifest.identifier],
                Self.versionPrecedes(manifest.version, found[kept].version)
            {
                continue
            }
            newest[manifest.identifier] = index
        }
        let kept = Set(newest.values)
        for (index, manifest) in found.enumerated() where kept.contains(index) { manifests.append(manifest) }
    }

    private mutating func append(_ manifest: ExtensionManifest) {
        problems += manifest.problems
        manifests.append(manifest)
    }

    /// Whether version `a` is older than `b`, comparing dot-separated numbers (`1.9` < `1.10`).
    static func versionPrecedes(_ a: String, _ b: String) -> Bool {
        let parse: (String) -> [Int] = { text in
            text.split(whereSeparator: { $0 == "." || $0 == "-" }).map { Int($0.prefix { $0.isNumber }) ?? 0 }
        }
        let (left, right) = (parse(a), parse(b))
        for index in 0..<max(left.count, right.count) {
            let (x, y) = (index < left.count ? left[index] : 0, index < right.count ? right[index] : 0)
            if x != y { return x < y }
        }
        return false
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Registers every extension's languages and grammars, in order, so that later extensions
    /// override earlier ones (and all of them the registry's earlier grammars).
    public func register(into registry: GrammarRegistry) {
        for manifest in manifests {
            for language in manifest.languages { registry.register(language) }
            for grammar in manifest.grammars { registry.register(grammar) }
        }
    }

    /// The themes the extensions contribute, by label.
    public var themes: ThemeCatalog {
        var catalog = ThemeCatalog()
        for manifest in manifests {
            for theme in manifest.themes { catalog.add(theme) }
        }
        return catalog
    }
}
