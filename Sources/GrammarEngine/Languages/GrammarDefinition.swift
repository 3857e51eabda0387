import Foundation

/// A grammar as an extension declares it (VS Code's `contributes.grammars` entry): which file
/// holds it and what the editor should know about it without reading that file.
///
/// Reading the manifest costs little; reading, translating and compiling a grammar costs much.
/// A definition lets the registry answer which languages it serves and which files they claim
/// at start-up, and load the grammar file only when a document needs it.
public struct GrammarDefinition: Sendable {
    /// The root scope, e.g. `source.zig`.
    public var scopeName: String
    /// The grammar file (JSON, plist or YAML).
    public var path: URL
    /// The file's bytes when they are in memory already; nil to read `builtInFile` or `path`.
    public var contents: [UInt8]?
    /// The name of the built-in file (`BundledFiles`) that holds the grammar, read when a
    /// document first needs it: registering the built-in grammars then copies none of them.
    public var builtInFile: String?
    /// The language it highlights; nil for grammars only included or injected by others.
    public var languageId: String?
    /// Scopes whose text is in another language, e.g. `meta.embedded.block.css` → `css`.
    public var embeddedLanguages: [String: String]
    /// Scopes whose text is of a token kind other than the scope says: `string`, `comment`
    /// or `other`.
    public var tokenTypes: [String: String]
    /// Root scopes this grammar is injected into through its `injectionSelector`.
    public var injectTo: [String]
    /// Bracket scopes as the extension gives them (kept for bracket matching).
    public var balancedBracketScopes: [String]
    /// Scopes whose brackets never pair.
    public var unbalancedBracketScopes: [String]
    /// Where the definition came from (`bundled`, an extension folder or `.vsix` path).
    public var origin: String

    /// Creates a definition.
    public init(
        scopeName: String, path: URL, languageId: String? = nil, embeddedLanguages: [String: String] = [:],
        tokenTypes: [String: String] = [:], injectTo: [String] = [], balancedBracketScopes: [String] = [],
        unbalancedBracketScopes: [String] = [], origin: String
    ) {
        self.scopeName = scopeName
        self.path = path
        self.languageId = languageId
        self.embeddedLanguages = embeddedLanguages
        self.tokenTypes = tokenTypes
        self.injectTo = injectTo
        self.balancedBracketScopes = balancedBracketScopes
        self.unbalancedBracketScopes = unbalancedBracketScopes
        self.origin = origin
    }
}
