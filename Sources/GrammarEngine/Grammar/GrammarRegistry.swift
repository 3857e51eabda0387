import Foundation
import RegexTranslation
import ResourceFiles

/// Grammars by scope name, languages by id, and which language a file is written in; grammars
/// are read and compiled on demand.
///
/// Two kinds of registration: a grammar already read (`register(_:languageIds:injectTo:)`),
/// and a ``GrammarDefinition`` naming a file, read the first time a document, an include or an
/// injection needs it. Languages (``LanguageDefinition``) say which files belong to which
/// language id. Later registrations win over earlier ones: an extension loaded after the
/// bundled grammars replaces their grammar for a language and wins ties in detection.
///
/// A compiled `Grammar` is cached per root scope and shared; registering a grammar drops the
/// cache, since any compiled grammar may include the new one.
public final class GrammarRegistry: @unchecked Sendable {
    struct Entry {
        /// The grammar, once read.
        var raw: RawGrammar?
        /// The file to read it from, until it is read (or failed).
        var definition: GrammarDefinition?
        var languageIds: [String]
        var injectTo: [String]
        var origin: String
        /// What builds it, for a grammar made rather than read (see
        /// ``register(scopeName:injectTo:origin:make:)``).
        var maker: (@Sendable () -> RawGrammar?)? = nil
    }

    /// LSP's language id for plain text: a document without a syntax layer, whatever its file
    /// name or first line suggest (links and line breaks still apply).
    public static let plainTextLanguageId = "plaintext"

    /// Limits passed to every compiled grammar.
    public let configuration: Grammar.Configuration
    let lock = NSLock()
    var entries: [String: Entry] = [:]
    var order: [String] = []
    /// Language definitions in registration order (several may share an id).
    var languages: [LanguageDefinition] = []
    /// The grammar of each language id (lower-cased); the latest registration wins.
    var scopesByLanguage: [String: String] = [:]
    /// User file associations (glob → language id), consulted before any definition.
    var associations: [(glob: FileGlob, languageId: String)] = []
    /// Compiled `firstLine` patterns by source (nil: the pattern does not compile).
    var firstLinePatterns: [String: Pattern?] = [:]
    /// Scopes whose file failed to load: reported once, then unknown.
    var failedScopes: Set<String> = []
    /// Language configurations read from files, by path (nil: the file could not be read).
    var configurationFiles: [String: LanguageConfiguration?] = [:]
    private var compiled: [String: Grammar] = [:]
    var problemHandler: (@Sendable (GrammarError) -> Void)?

    /// Creates an empty registry.
    public init(configuration: Grammar.Configuration = .init()) {
        self.configuration = configuration
    }

    /// Sets what is told of a grammar file that fails when it is first needed (each file is
    /// reported once; its scope then counts as unknown).
    public func onProblem(_ handler: @escaping @Sendable (GrammarError) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        problemHandler = handler
    }

    /// Registers a grammar under its scope name, replacing any earlier one.
    ///
    /// `languageIds` default to the lower-cased display name and the last component of the
    /// scope (`JavaScript`, `source.js` → `javascript`, `js`). The grammar's `fileTypes` and
    /// `firstLineMatch` claim files for the first of them. `injectTo` lists root scopes that
    /// this grammar is injected into through its `injectionSelector`.
    public func register(
        _ raw: RawGrammar, languageIds: [String]? = nil, injectTo: [String] = [], origin: String = "bundled"
    ) {
        let ids = languageIds ?? Self.derivedLanguageIds(raw)
        lock.lock()
        defer { lock.unlock() }
        insert(
            Entry(raw: raw, definition: nil, languageIds: ids, injectTo: injectTo, origin: origin),
            raw.scopeName)
        if let id = ids.first, !raw.fileTypes.isEmpty || raw.firstLineMatch != nil {
            languages.append(
                LanguageDefinition(
                    id: id, fileTypes: raw.fileTypes, firstLine: raw.firstLineMatch, origin: origin))
        }
    }

    /// Registers a grammar file to be read when first needed, replacing any earlier grammar of
    /// its scope and becoming the grammar of its language.
    public func register(_ definition: GrammarDefinition) {
        lock.lock()
        defer { lock.unlock() }
        let ids = definition.languageId.map { [$0] } ?? []
        insert(
            Entry(
                raw: nil, definition: definition, languageIds: ids, injectTo: definition.injectTo,
                origin: definition.origin),
            definition.scopeName)
    }

    /// Registers a grammar built the first time it is needed (an injection reaches it only
    /// when a grammar it targets is compiled): `make` runs once, outside the registry's lock,
    /// and may read the registry; nil means there is nothing to inject.
    public func register(
        scopeName: String, injectTo: [String], origin: String, make: @escaping @Sendable () -> RawGrammar?
    ) {
        lock.lock()
        defer { lock.unlock() }
        insert(
            Entry(
                raw: nil, definition: nil, languageIds: [], injectTo: injectTo, origin: origin, maker: make),
            scopeName)
    }

    /// Adds a language definition; its files are detected as its id from now on.
    public func register(_ language: LanguageDefinition) {
        lock.lock()
        defer { lock.unlock() }
        languages.append(language)
        compiled.removeAll()  // Markdown fences list the languages.
    }

    /// Sets the user's file associations (glob → language id), which win over every
    /// definition, as VS Code's `files.associations` do; later pairs win over earlier ones.
    public func setFileAssociations(_ pairs: [(glob: String, languageId: String)]) {
        lock.lock()
        defer { lock.unlock() }
        associations = pairs.map { (FileGlob($0.glob), $0.languageId) }
    }

    /// Puts an entry in place of any earlier one of its scope. Language ids stay with the
    /// scope: a grammar replacing another keeps serving the languages the earlier one did.
    private func insert(_ entry: Entry, _ scopeName: String) {
        var entry = entry
        let newIds = entry.languageIds
        if let old = entries[scopeName] {
            entry.languageIds = old.languageIds + entry.languageIds.filter { !old.languageIds.contains($0) }
        } else {
            order.append(scopeName)
        }
        entries[scopeName] = entry
        failedScopes.remove(scopeName)
        for id in newIds { scopesByLanguage[id.lowercased()] = scopeName }
        compiled.removeAll()
    }

    /// Loads and registers a grammar file (JSON, plist or YAML by extension).
    @discardableResult
    public func load(contentsOf url: URL, languageIds: [String]? = nil) throws(GrammarError) -> RawGrammar {
        let raw = try RawGrammar(contentsOf: url)
        register(raw, languageIds: languageIds, origin: url.path)
        return raw
    }

    /// Loads every grammar file in a folder; returns the files that failed.
    public func loadDirectory(_ url: URL) -> [GrammarError] {
        var errors: [GrammarError] = []
        for file in BundledGrammars.grammarFiles(in: url) {
            do {
                try load(contentsOf: file)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// The raw grammar registered for a scope, read from its file the first time.
    ///
    /// A file that fails is reported once (see ``onProblem(_:)``) and its scope is unknown
    /// from then on; grammars that include it keep working without it.
    public func rawGrammar(scopeName: String) -> RawGrammar? {
        lock.lock()
        guard let entry = entries[scopeName] else {
            lock.unlock()
            return nil
        }
        if let raw = entry.raw {
            lock.unlock()
            return raw
        }
        if let maker = entry.maker {
            lock.unlock()
            let made = maker()
            lock.lock()
            defer { lock.unlock() }
            if entries[scopeName]?.raw == nil, entries[scopeName]?.maker != nil {
                entries[scopeName]?.raw = made
                entries[scopeName]?.maker = nil
            }
            return entries[scopeName]?.raw
        }
        guard let definition = entry.definition, !failedScopes.contains(scopeName) else {
            lock.unlock()
            return nil
        }
        lock.unlock()
        let result: Result<RawGrammar, GrammarError>
        do {
            if let contents = definition.contents
                ?? definition.builtInFile.flatMap(BundledFiles.contents(of:))
            {
                result = .success(try RawGrammar(bytes: contents, path: definition.path.path))
            } else {
                result = .success(try RawGrammar(contentsOf: definition.path))
            }
        } catch {
            result = .failure(error)
        }
        lock.lock()
        // Another thread may have read it meanwhile, or the scope was registered again.
        guard entries[scopeName]?.definition?.path == definition.path, entries[scopeName]?.raw == nil else {
            let raw = entries[scopeName]?.raw
            lock.unlock()
            return raw
        }
        switch result {
        case .success(let raw):
            entries[scopeName]?.raw = raw
            lock.unlock()
            return raw
        case .failure(let error):
            failedScopes.insert(scopeName)
            let handler = problemHandler
            lock.unlock()
            handler?(error)
            return nil
        }
    }

    /// The compiled grammar for a root scope.
    public func grammar(scopeName: String) throws(GrammarError) -> Grammar {
        lock.lock()
        if let grammar = compiled[scopeName] {
            lock.unlock()
            return grammar
        }
        lock.unlock()
        guard let raw = rawGrammar(scopeName: scopeName) else { throw .unknownGrammar(scopeName) }
        let sources = Grammar.Sources(
            grammar: { [weak self] scope in self?.rawGrammar(scopeName: scope) },
            injections: { [weak self] root in self?.injections(into: root) ?? [] })
        let grammar = Grammar(raw, sources: sources, configuration: configuration)
        lock.lock()
        defer { lock.unlock() }
        compiled[scopeName] = compiled[scopeName] ?? grammar
        return compiled[scopeName] ?? grammar
    }

    /// Frees, in every grammar compiled so far, the interned stacks nothing holds any more;
    /// returns how many. Call it only while no other thread tokenizes with these grammars.
    @discardableResult
    public func releaseUnusedStacks() -> Int {
        lock.lock()
        let grammars = Array(compiled.values)
        lock.unlock()
        return grammars.reduce(0) { $0 + $1.releaseUnusedStacks() }
    }

    /// Whether a grammar compiled so far interned enough stacks since its last release to be
    /// swept now (`Grammar.hasStacksToSweep`).
    public var hasStacksToSweep: Bool {
        lock.lock()
        defer { lock.unlock() }
        return compiled.values.contains { $0.hasStacksToSweep }
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

    /// The ids `register` derives by default: the display name lower-cased without spaces, and
    /// the last component of the scope.
    public static func derivedLanguageIds(_ raw: RawGrammar) -> [String] {
        var ids: [String] = []
        if let name = raw.name { ids.append(name.lowercased().replacingOccurrences(of: " ", with: "")) }
        if let last = raw.scopeName.split(separator: ".").last, !ids.contains(String(last)) {
            ids.append(String(last))
        }
        return ids
    }
}
