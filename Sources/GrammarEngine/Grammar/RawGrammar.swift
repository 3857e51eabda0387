import Foundation
import ResourceFiles

/// A grammar as written: its scope, top-level rules, repository, injections and the metadata
/// used to pick a grammar for a document.
public final class RawGrammar: Sendable {
    /// The root scope, e.g. `source.js`.
    public let scopeName: String
    /// The display name, e.g. `JavaScript`.
    public let name: String?
    /// Top-level rules.
    public let patterns: [RawRule]
    /// Top-level named rules.
    public let repository: [String: RawRule]
    /// The `injections` map (selector → rule), in source order.
    public let injections: [(selector: String, rule: RawRule)]
    /// The selector under which this grammar injects itself into others.
    public let injectionSelector: String?
    /// File extensions (without dot) and file names this grammar claims.
    public let fileTypes: [String]
    /// A pattern matched against a document's first line to detect the language.
    public let firstLineMatch: String?
    /// The grammar as an include-only rule: its patterns with its repository.
    public let rootRule: RawRule

    /// Reads a grammar from a parsed document.
    public init(_ value: RawValue, path: String? = nil) throws(GrammarError) {
        guard case .object = value else { throw .malformed(message: "the root is not a dictionary") }
        guard let scopeName = value["scopeName"]?.stringValue, !scopeName.isEmpty else {
            throw .missingScopeName(path: path)
        }
        self.scopeName = scopeName
        self.name = value["name"]?.stringValue
        self.patterns = RawRule.ruleList(value["patterns"]) ?? []
        self.repository = RawRule.ruleMap(value["repository"]) ?? [:]
        var injections: [(String, RawRule)] = []
        if case .object(let pairs)? = value["injections"] {
            for (selector, item) in pairs {
                if case .object = item { injections.append((selector, RawRule(item))) }
            }
        }
        self.injections = injections
        self.injectionSelector = value["injectionSelector"]?.stringValue
        if case .array(let items)? = value["fileTypes"] {
            self.fileTypes = items.compactMap(\.stringValue)
        } else {
            self.fileTypes = []
        }
        self.firstLineMatch = value["firstLineMatch"]?.stringValue
        // vscode-textmate's `$self`: the grammar's patterns named after its scope.
        self.rootRule = RawRule(name: scopeName, patterns: patterns, repository: repository)
    }

    /// Loads a grammar file of at most `ResourceFile.maximumSize` bytes; the format comes from
    /// the file name.
    public convenience init(contentsOf url: URL) throws(GrammarError) {
        let data: Data
        do {
            data = Data(try ResourceFile.contents(of: url))
        } catch {
            throw GrammarError(error)
        }
        try self.init(RawValue.parse(data, format: .init(path: url.path)), path: url.path)
    }

    /// Reads a grammar from bytes already in memory; `path` gives the format and names it in
    /// errors.
    public convenience init(bytes: [UInt8], path: String) throws(GrammarError) {
        try self.init(RawValue.parse(Data(bytes), format: .init(path: path)), path: path)
    }
}
