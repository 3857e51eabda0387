import Foundation

/// Themes by label, as VS Code extensions contribute them (`contributes.themes`), so that a
/// user can ask for `Night Owl` rather than a path.
public struct ThemeCatalog: Sendable {
    /// One contributed theme.
    public struct Entry: Sendable, Hashable {
        /// The name users choose it by, e.g. `Night Owl`.
        public var label: String
        /// The theme file.
        public var path: URL
        /// VS Code's base theme: `vs` (light), `vs-dark`, `hc-black` or `hc-light`; it decides
        /// the default colours when the theme names none.
        public var uiTheme: String?
        /// Where it came from (an extension folder or `.vsix` path).
        public var origin: String

        /// Creates an entry.
        public init(label: String, path: URL, uiTheme: String?, origin: String) {
            self.label = label
            self.path = path
            self.uiTheme = uiTheme
            self.origin = origin
        }
    }

    /// Entries in the order added; later ones win for the same label.
    public private(set) var entries: [Entry] = []

    /// Creates a catalog.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Adds an entry.
    public mutating func add(_ entry: Entry) {
        entries.append(entry)
    }

    /// The entry with this label (exact first, then ignoring case), the latest added winning.
    public func entry(labeled label: String) -> Entry? {
        entries.last { $0.label == label } ?? entries.last { $0.label.lowercased() == label.lowercased() }
    }
}
