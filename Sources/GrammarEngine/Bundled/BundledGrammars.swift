import Foundation
import ResourceFiles

/// The grammars that ship with highlightd, registered by the manifest's language ids, plus
/// any user grammar folders loaded beside them.
///
/// Loading never fails as a whole: a grammar file that is missing or unreadable is reported
/// in the `LoadReport` and the others are still registered.
public struct BundledGrammars: Sendable {
    /// What loading registered and what it could not.
    public struct LoadReport: Sendable {
        /// Root scopes registered, in loading order (bundled first, then user folders).
        public var registeredScopes: [String] = []
        /// Grammar files the manifest names that are not on disk.
        public var missingGrammars: [String] = []
        /// Files that exist but could not be loaded, and a missing or malformed manifest.
        public var errors: [GrammarError] = []

        /// Creates an empty report.
        public init() {}
    }

    /// The name of the grammar folder inside the Grammars folder.
    public static let languagesFolderName = "Languages"

    /// The Grammars folder (holding `languages.json` and `Languages/`).
    public var grammarsDirectory: URL
    /// Folders of user grammars, loaded after the bundled ones; a user grammar with a bundled
    /// scope name replaces the bundled one and keeps its language ids.
    public var extraDirectories: [URL]
    /// Whether the grammars are the copy built into the executable (`BundledFiles`) rather
    /// than a folder on disk; `grammarsDirectory` then only names them in messages.
    public private(set) var isBuiltIn = false

    /// Bundled grammars from an explicit Grammars folder.
    public init(grammarsDirectory: URL, extraDirectories: [URL] = []) {
        self.grammarsDirectory = grammarsDirectory
        self.extraDirectories = extraDirectories
    }

    /// Bundled grammars from the Grammars folder that `locator` finds (which honours
    /// `HIGHLIGHTD_GRAMMARS`), or nil when there is none.
    public init?(locator: ResourceLocator = ResourceLocator(), extraDirectories: [URL] = []) {
        guard let directory = locator.grammarsDirectory() else { return nil }
        self.init(grammarsDirectory: directory, extraDirectories: extraDirectories)
    }

    /// The grammars built into the executable, then the user folders.
    public static func builtIn(extraDirectories: [URL] = []) -> BundledGrammars {
        var bundled = BundledGrammars(
            grammarsDirectory: URL(fileURLWithPath: "/(built in)/Grammars", isDirectory: true),
            extraDirectories: extraDirectories)
        bundled.isBuiltIn = true
        return bundled
    }

    /// The folder holding the bundled grammar files.
    public var languagesDirectory: URL {
        grammarsDirectory.appendingPathComponent(Self.languagesFolderName, isDirectory: true)
    }

    /// The manifest URL.
    public var manifestURL: URL {
        grammarsDirectory.appendingPathComponent(LanguageManifest.fileName)
    }
}
