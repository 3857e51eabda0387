/// A language as an editor knows it: an id, the names people call it, and the files and first
/// lines that say a document is written in it (VS Code's `contributes.languages` entry).
///
/// Several definitions may share an id: VS Code merges every extension's contribution for a
/// language, so a second `zig` definition adds file names to the first rather than hiding it.
public struct LanguageDefinition: Sendable, Hashable {
    /// The language id, e.g. `zig` (LSP's `languageId`).
    public var id: String
    /// Display names, e.g. `Zig`; also accepted wherever an id is (fences, modelines).
    public var aliases: [String]
    /// File name endings with their dot, e.g. `.zig`, `.d.ts`.
    public var extensions: [String]
    /// Whole file names, e.g. `Makefile`.
    public var filenames: [String]
    /// Globs over the file name, or over the path when they contain a `/`.
    public var filenamePatterns: [String]
    /// A regular expression (Oniguruma syntax) matched against a document's first line.
    public var firstLine: String?
    /// Where the definition came from (`bundled`, an extension folder or `.vsix` path).
    public var origin: String
    /// The language configuration file (comments, brackets), when the extension names one.
    public var configurationPath: String?
    /// The language configuration given inline (the bundled languages'), which wins over
    /// `configurationPath`.
    public var configuration: LanguageConfiguration?

    /// Creates a definition.
    public init(
        id: String, aliases: [String] = [], extensions: [String] = [], filenames: [String] = [],
        filenamePatterns: [String] = [], firstLine: String? = nil, origin: String = "bundled"
    ) {
        self.id = id
        self.aliases = aliases
        self.extensions = extensions
        self.filenames = filenames
        self.filenamePatterns = filenamePatterns
        self.firstLine = firstLine
        self.origin = origin
    }

    /// A grammar file's own `fileTypes` as a definition: each entry is both a whole file name
    /// and an extension (`rs` claims `x.rs`; `Makefile` claims `Makefile`), as TextMate reads
    /// them.
    public init(id: String, fileTypes: [String], firstLine: String?, origin: String) {
        self.init(
            id: id, extensions: fileTypes.map { "." + $0 }, filenames: fileTypes, firstLine: firstLine,
            origin: origin)
    }

    /// Every name the language answers to, id first.
    public var names: [String] { [id] + aliases }
}
