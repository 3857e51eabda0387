import DocumentStorage
import Foundation
import GrammarEngine
import Rendering
import TextRope
import TextSegmentation
import ThemeEngine

/// Highlights one file's text as the `highlight` command prints it: tokens from the grammar
/// the options choose, links from the daemon's link hook, optional soft wrapping, rendered.
///
/// Not safe to share between threads (the registry compiles grammars on demand and each
/// pattern keeps its PCRE2 match data): each worker of a batch makes its own.
struct FileHighlighter {
    struct Options: Sendable {
        var selection: GrammarSelection
        var theme: String
        var format: OutputFormat
        var color: ColorChoice
        /// The colours ANSI escapes name (`--color-depth`, else what the terminal advertises).
        var depth: ColorDepth = .trueColor
        var wrap: Int?
        /// Threads one document's tokenization and style resolution may use (nil: one per
        /// CPU). A batch sets 1: its files already keep every core busy.
        var documentJobs: Int?
        /// Where pattern translations are kept between runs (nil: none).
        var translationCache: TranslationCache?
    }

    let options: Options
    private let registry: GrammarRegistry
    private let pendingTheme: ThemeInBackground

    /// `reportingGrammarErrors: false` keeps the workers of a batch from repeating the
    /// warnings about broken grammars that the first registry already printed. The theme is
    /// built on another thread; `theme()` waits for it and says why it could not be.
    init(options: Options, reportingGrammarErrors: Bool = true) {
        self.options = options
        var configuration = Grammar.Configuration()
        configuration.translationCache = options.translationCache
        let resources = options.selection.makeResources(
            configuration: configuration, reportingErrors: reportingGrammarErrors)
        registry = resources.registry
        pendingTheme = ThemeInBackground(named: options.theme, catalog: resources.themes)
    }

    /// The theme the options name, once built.
    func theme() throws(ThemeError) -> Theme {
        try pendingTheme.theme()
    }

    /// Whether some grammar claims `path` by its name (not by its first line), without
    /// reading it: a folder's files are highlighted only when one does.
    func hasGrammar(forFile path: String) -> Bool {
        registry.scopeName(forFile: path) != nil
    }

    /// The rendered output for the file at `path` whose contents are `text`.
    func render(_ text: String, path: String) throws -> String {
        var bytes: [UInt8] = []
        try write(text, path: path) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `render` handed to `emit` part by part, in order (see `OutputFormat.write`).
    func write(_ text: String, path: String, to emit: ([UInt8]) -> Void) throws {
        let compiled = try options.selection.resolve(in: registry, path: path, text: Substring(text))
        // Without colour, ANSI output is the text itself: there is nothing to tokenize (the
        // grammar is still resolved, so that a wrong --language is still an error).
        if options.format == .ansi, options.wrap == nil,
            !options.color.isEnabled(environment: ProcessInfo.processInfo.environment)
        {
            // Unused, but a theme that cannot be built is still an error, as with colour.
            _ = try theme()
            emit(Array(text.utf8))
            return
        }
        let scopeName = compiled?.scopeName ?? "text.plain"
        var tokens =
            compiled?.tokenizeDocument(text, jobs: options.documentJobs)
            ?? [DocumentToken(range: 0..<text.utf8.count, scopes: [scopeName])]
        if let compiled { DisabledRules.report(compiled) }
        var output = text
        var links: [RenderedLink]?
        // The links are what the daemon's link hook finds: run it over the whole text. The
        // JSON shapes list them and soft wrapping keeps them whole; ANSI and HTML show none,
        // so without wrapping they are not looked for.
        if options.format.isJSON || options.wrap != nil {
            let storage = TextStorage(text)
            let detector = LinkDetector(configuration: .forRootScope(compiled?.scopeName))
            storage.addHook(LinkDetectionHook(detector: detector))
            storage.reprocess(storage.text.utf8Range)
            var found = storage.links(in: storage.text.utf8Range).map {
                RenderedLink(range: $0.range.bytes, target: $0.link.target)
            }
            if let wrap = options.wrap, !options.format.isJSON {
                let wrapped = SoftWrap(storage: storage, tokens: tokens, links: found, columns: wrap)
                (output, tokens, found) = (wrapped.text, wrapped.tokens, wrapped.links)
            }
            links = found
        }
        options.format.write(
            text: output, tokens: tokens, scopeName: scopeName, theme: try theme(), color: options.color,
            depth: options.depth,
            title: URL(fileURLWithPath: path).lastPathComponent, links: links, jobs: options.documentJobs,
            to: emit)
    }

    /// Reads `path` as UTF-8; `-` is standard input.
    static func read(_ path: String) throws(FileHighlightError) -> String {
        let data: Data
        do {
            data =
                path == "-"
                ? FileHandle.standardInput.readDataToEndOfFile()
                : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "not UTF-8 text")
        }
        return text
    }
}

/// Why one file of a `highlight` run was not highlighted.
enum FileHighlightError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case failed(path: String, reason: String)

    var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .failed(let path, let reason): "cannot highlight \(path): \(reason)"
        }
    }
}
