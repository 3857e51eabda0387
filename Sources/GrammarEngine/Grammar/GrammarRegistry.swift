import Foundation
import RegexTranslation

/// Grammars by scope name, language id, file name and first line, compiled on demand.
///
/// A compiled `Grammar` is cached per root scope and shared; registering a grammar drops the
/// cache, since any compiled grammar may include the new one.
public final class GrammarRegistry: @unchecked Sendable {
    struct Entry {
        var raw: RawGrammar
        var languageIds: [String]
        var injectTo: [String]
        var firstLine: Pattern?
    }

    /// LSP's language id for plain text: a document without a syntax layer, whatever its file
    /// name or first line suggest (links and line breaks still apply).
    public static let plainTextLanguageId = "plaintext"

    /// Limits passed to every compiled grammar.
    public let configuration: Grammar.Configuration
    let lock = NSLock()
    var entries: [String: Entry] = [:]
    var order: [String] = []
    private var compiled: [String: Grammar] = [:]

    /// Creates an empty registry.
    public init(configuration: Grammar.Configuration = .init()) {
        self.configuration = configuration
    }

    /// Registers a grammar under its scope name, replacing any earlier one.
    ///
    /// `languageIds` default to the lower-cased display name and the last component of the
    /// scope (`JavaScript`, `source.js` → `javascript`, `js`). `injectTo` lists root scopes
    /// that this grammar is injected into through its `injectionSelector`.
    public func register(_ raw: RawGrammar, languageIds: [String]? = nil, injectTo: [String] = []) {
        var ids = languageIds ?? []
        if languageIds == nil {
            if let name = raw.name { ids.append(name.lowercased().replacingOccurrences(of: " ", with: "")) }
            if let last = raw.scopeName.split(separator: ".").last { ids.append(String(last)) }
        }
        var firstLine: Pattern?
        if let source = raw.firstLineMatch {
            firstLine = try? Pattern(OnigurumaTranslator.translate(source).source)
        }
        lock.lock()
        defer { lock.unlock() }
        if entries[raw.scopeName] == nil { order.append(raw.scopeName) }
        entries[raw.scopeName] = Entry(raw: raw, languageIds: ids, injectTo: injectTo, firstLine: firstLine)
        compiled.removeAll()
    }

    /// Loads and registers a grammar file (JSON, plist or YAML by extension).
    @discardableResult
    public func load(contentsOf url: URL, languageIds: [String]? = nil) throws(GrammarError) -> RawGrammar {
        let raw = try RawGrammar(contentsOf: url)
        register(raw, languageIds: languageIds)
        return raw
    }

    /// Loads every grammar file in a folder; returns the files that failed.
    public func loadDirectory(_ url: URL) -> [GrammarError] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var errors: [GrammarError] = []
        let extensions = [".json", ".tmlanguage", ".plist", ".yaml", ".yml", ".tmlanguage.json"]
        for name in names.sorted() where extensions.contains(where: { name.lowercased().hasSuffix($0) }) {
            do {
                try load(contentsOf: url.appendingPathComponent(name))
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// The raw grammar registered for a scope.
    public func rawGrammar(scopeName: String) -> RawGrammar? {
        lock.lock()
        defer { lock.unlock() }
        return entries[scopeName]?.raw
    }

    /// The compiled grammar for a root scope.
    public func grammar(scopeName: String) throws(GrammarError) -> Grammar {
        lock.lock()
        if let grammar = compiled[scopeName] {
            lock.unlock()
            return grammar
        }
        guard let entry = entries[scopeName] else {
            lock.unlock()
            throw .unknownGrammar(scopeName)
        }
        lock.unlock()
        let sources = Grammar.Sources(
            grammar: { [weak self] scope in self?.rawGrammar(scopeName: scope) },
            injections: { [weak self] root in self?.injections(into: root) ?? [] })
        let grammar = Grammar(entry.raw, sources: sources, configuration: configuration)
        lock.lock()
        defer { lock.unlock() }
        compiled[scopeName] = compiled[scopeName] ?? grammar
        return compiled[scopeName] ?? grammar
    }

    func withEntries<T>(_ body: ([String: Entry], [String]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(entries, order)
    }

    /// The scopes of grammars injected into `rootScope`.
    public func injections(into rootScope: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return order.filter { entries[$0]?.injectTo.contains(rootScope) == true }
    }
}
