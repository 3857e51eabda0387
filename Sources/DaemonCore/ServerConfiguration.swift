import Foundation

/// How a server is set up before the client's `initialize`.
public struct ServerConfiguration: Sendable {
    /// Folders of grammars loaded besides the bundled ones (the client may add more).
    public var grammarFolders: [URL]
    /// The theme used unless the client names one.
    public var defaultTheme: String
    /// Whether to load the bundled grammars (`Grammars/` found by `ResourceLocator`).
    public var loadsBundledGrammars: Bool
    /// A file that receives the log too (it always goes to standard error).
    public var logFile: URL?
    /// VS Code extensions read before the client's `extensionPaths` (`serve --extensions`).
    public var extensionPaths: [URL] = []
    /// File associations used unless the client gives its own (`serve --map`).
    public var fileAssociations: [(glob: String, languageId: String)] = []

    /// Creates a configuration.
    public init(
        grammarFolders: [URL] = [], defaultTheme: String = "dark", loadsBundledGrammars: Bool = true,
        logFile: URL? = nil
    ) {
        self.grammarFolders = grammarFolders
        self.defaultTheme = defaultTheme
        self.loadsBundledGrammars = loadsBundledGrammars
        self.logFile = logFile
    }
}
