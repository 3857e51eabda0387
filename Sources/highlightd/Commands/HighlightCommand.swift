import ArgumentParser
import Foundation
import Rendering

/// Highlights files with TextMate grammars and a theme: one file as before, or many files and
/// folders on every core.
struct HighlightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlight",
        // Only read when this command is parsed as a root (`DirectSubcommand`): it skips the
        // completion-script check and names the program in usage lines.
        _superCommandName: "highlightd",
        abstract: "Highlight files as ANSI (terminal), standalone HTML pages, or JSON tokens.",
        discussion: """
            One FILE prints its highlight. Several, or a folder (every file under it that a \
            grammar claims by name, hidden entries skipped), are highlighted on --jobs threads \
            and printed in the order given: JSON as one object per line with its "file" (JSON \
            Lines), ANSI under a "==> FILE <==" line, HTML as one page per file in --output-dir. \
            One large file is cut into chunks tokenized on --jobs threads, and its styles and \
            output are made in parts on as many, with the same output. Patterns translated for \
            PCRE2 are kept between runs in $XDG_CACHE_HOME/highlightd (else ~/.cache/highlightd).
            """
    )

    @Argument(
        help:
            "The files or folders to highlight; - reads standard input (its language from --language or its first line)."
    )
    var files: [String]

    @Option(help: "The language id to highlight as (e.g. rust, javascript).")
    var language: String?

    @Option(help: "A grammar file to use for FILE.")
    var grammar: String?

    @Option(help: "A folder of grammars to add to the registry (repeatable).")
    var grammars: [String] = []

    @OptionGroup var extensions: ExtensionOptions

    @Option(
        help:
            "A theme: dark, light, the label of an extension's theme (\"Night Owl\"), or a .json/.tmTheme path."
    )
    var theme = "dark"

    @Option(
        help:
            "Output format: ansi, html, json, or json-compact (each scope stack and style once, tokens as offset, length, stack)."
    )
    var format: OutputFormat = .ansi

    @Option(help: "When to colour ANSI output: auto (a terminal without NO_COLOR), always, never.")
    var color: ColorChoice = .auto

    @Option(
        help: """
            Colours of ANSI output: 24 (24-bit), 256 (xterm's palette) or 16. Default: 24 where             COLORTERM says truecolor or 24bit or the output is not a terminal, else 256.
            """)
    var colorDepth: ColorDepth?

    @Option(help: "Soft-wrap ANSI and HTML output at this many columns, never inside a link.")
    var wrap: Int?

    @Option(help: "Files highlighted at once, or threads for one large file (default: one per core).")
    var jobs: Int?

    @Option(help: "The folder for the pages of several files with --format html.")
    var outputDir: String?

    func validate() throws {
        guard language == nil || grammar == nil else {
            throw ValidationError("use either --language or --grammar")
        }
        if let wrap, wrap < 1 { throw ValidationError("--wrap needs a positive column count") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs at least one job") }
    }

    private func makeOptions() throws -> FileHighlighter.Options {
        FileHighlighter.Options(
            selection: try GrammarSelection(
                language: language, grammar: grammar, grammarFolders: grammars, extensions: extensions),
            theme: theme, format: format, color: color,
            depth: colorDepth
                ?? ColorDepth.detect(
                    environment: ProcessInfo.processInfo.environment,
                    outputIsTerminal: isatty(STDOUT_FILENO) != 0),
            wrap: wrap, documentJobs: jobs,
            translationCache: OneShotTranslationCache.make(environment: ProcessInfo.processInfo.environment))
    }

    func run() throws {
        OneShotHeap.configure(inputBytes: files.count == 1 ? Self.fileSize(files[0]) : 0)
        let options = try makeOptions()
        let highlighter = FileHighlighter(options: options)
        if files.count == 1, !Self.isDirectory(files[0]) {
            try highlightOne(files[0], with: highlighter)
            options.translationCache?.save()
            OneShotExit.succeed()
        }
        // A theme that cannot be built fails the run before any file, not each file.
        _ = try highlighter.theme()
        let paths = try HighlightInputs.expand(files) { highlighter.hasGrammar(forFile: $0) }
        if format == .html, outputDir == nil {
            throw ValidationError("several files with --format html need --output-dir")
        }
        var batchOptions = options
        batchOptions.documentJobs = 1
        let batch = HighlightBatch(
            files: paths, options: batchOptions, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let output = BatchOutput(format: format, outputDir: outputDir)
        let failures = batch.run { path, result in output.emit(path, result) }
        options.translationCache?.save()
        if failures > 0 {
            warn("\(failures) of \(paths.count) files could not be highlighted")
            throw ExitCode.failure
        }
        OneShotExit.succeed()
    }

    private func highlightOne(_ path: String, with highlighter: FileHighlighter) throws {
        let text: String
        do {
            text = try FileHighlighter.read(path)
        } catch {
            warn("\(error)")
            throw ExitCode.failure
        }
        try highlighter.write(text, path: path) { StandardOutput.write($0) }
        if format == .json { StandardOutput.write([UInt8(ascii: "\n")]) }
    }

    /// The size of the regular file at `path` (0 for standard input, a directory or anything
    /// `stat` cannot read).
    static func fileSize(_ path: String) -> Int {
        var info = stat()
        guard path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
