import ArgumentParser
import DocumentStorage
import Foundation
import GrammarEngine
import TextSegmentation

/// Highlights one file with a TextMate grammar and a theme.
struct HighlightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlight",
        abstract: "Highlight a file as ANSI (terminal), a standalone HTML page, or JSON tokens."
    )

    @Argument(help: "The file to highlight.")
    var file: String

    @Option(help: "The language id to highlight as (e.g. rust, javascript).")
    var language: String?

    @Option(help: "A grammar file to use for FILE.")
    var grammar: String?

    @Option(help: "A folder of grammars to add to the registry (repeatable).")
    var grammars: [String] = []

    @Option(help: "A theme: dark, light, or a .json/.tmTheme path.")
    var theme = "dark"

    @Option(help: "Output format: ansi, html or json.")
    var format: OutputFormat = .ansi

    @Option(help: "When to colour ANSI output: auto (a terminal without NO_COLOR), always, never.")
    var color: ColorChoice = .auto

    @Option(help: "Soft-wrap ANSI and HTML output at this many columns, never inside a link.")
    var wrap: Int?

    func validate() throws {
        guard language == nil || grammar == nil else {
            throw ValidationError("use either --language or --grammar")
        }
        if let wrap, wrap < 1 { throw ValidationError("--wrap needs a positive column count") }
    }

    func run() throws {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            warn("cannot read \(file): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        let selection = GrammarSelection(language: language, grammar: grammar, grammarFolders: grammars)
        let registry = selection.makeRegistry()
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(
            String.init)
        let compiled = try selection.resolve(in: registry, path: file, firstLine: firstLine)
        let scopeName = compiled?.scopeName ?? "text.plain"
        var tokens =
            compiled?.tokenizeDocument(text)
            ?? [DocumentToken(range: 0..<text.utf8.count, scopes: [scopeName])]
        // The links are what the daemon's link hook finds: run it over the whole text.
        let storage = TextStorage(text)
        let detector = LinkDetector(configuration: .forRootScope(compiled?.scopeName))
        storage.addHook(LinkDetectionHook(detector: detector))
        storage.reprocess(0..<storage.text.utf8Count)
        var links = storage.links(in: 0..<storage.text.utf8Count).map {
            RenderedLink(range: $0.range, target: $0.link.target)
        }
        var output = text
        if let wrap, format != .json {
            let wrapped = SoftWrap(storage: storage, tokens: tokens, links: links, columns: wrap)
            (output, tokens, links) = (wrapped.text, wrapped.tokens, wrapped.links)
        }
        let theme = try Theme.named(self.theme)
        let rendered = format.render(
            text: output, tokens: tokens, scopeName: scopeName, theme: theme, color: color,
            title: URL(fileURLWithPath: file).lastPathComponent, links: links)
        FileHandle.standardOutput.write(Data(rendered.utf8))
        if format == .json { print() }
    }
}
