import ArgumentParser
import Dispatch
import Foundation
import GrammarEngine

/// Measures whole-document tokenization time.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time whole-document tokenization (median of several runs, compiled grammars kept)."
    )

    @Argument(help: "The document to tokenize.")
    var file: String

    @Option(help: "Language id of the grammar to use (e.g. javascript).")
    var language: String?

    @Option(help: "A grammar file to use as the root grammar.")
    var grammar: String?

    @Option(help: "A folder of grammars to load (repeatable).")
    var grammars: [String] = []

    @OptionGroup var extensions: ExtensionOptions

    @Option(help: "Timed runs after one warm-up run.")
    var runs: Int = 10

    @Flag(help: "Search runs of patterns as combined alternations instead of one by one.")
    var combinePatterns = false

    @Option(help: "The most patterns joined into one alternation.")
    var groupSize = Grammar.Configuration().combinedGroupSize

    @Option(help: "Threads one document may be cut across (default: one per CPU the process may use).")
    var jobs: Int?

    @Flag(help: "Tokenize long lines whole: no line-length cap and no per-line time budget.")
    var noLimits = false

    @Option(
        help: ArgumentHelp(
            "A shortcut to switch off (repeatable), or 'all' for none at all; the tokens stay the same.",
            discussion: "Shortcuts: \(SearchShortcuts.named.map(\.name).joined(separator: ", ")).",
            valueName: "shortcut"))
    var without: [String] = []

    @Flag(
        help:
            "Print {bytes, runs, median_ms, min_ms, single_core_median_ms, searches, mb_per_s, chunks, seams_guessed_right, lines_retokenized} as JSON."
    )
    var json = false

    static func median(_ sorted: [Double]) -> Double {
        sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The shortcuts left on by `--without`.
    func shortcuts() throws -> SearchShortcuts {
        var shortcuts = SearchShortcuts.all
        for name in without {
            if name == "all" {
                shortcuts = .none
            } else if let named = SearchShortcuts.named.first(where: { $0.name == name }) {
                shortcuts.subtract(named.shortcut)
            } else {
                let known = SearchShortcuts.named.map(\.name).joined(separator: ", ")
                throw ValidationError("unknown shortcut '\(name)'; known: \(known), all")
            }
        }
        return shortcuts
    }

    func validate() throws {
        guard runs > 0 else { throw ValidationError("--runs must be positive") }
        _ = try shortcuts()
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs at least one job") }
        guard language == nil || grammar == nil else {
            throw ValidationError("use either --language or --grammar")
        }
    }

    func run() throws {
        var configuration = Grammar.Configuration()
        configuration.combinesPatterns = combinePatterns
        if noLimits {
            configuration.maxLineLength = .max
            configuration.lineTimeBudget = nil
        }
        configuration.combinedGroupSize = max(1, groupSize)
        configuration.shortcuts = try shortcuts()
        let registry = try GrammarSelection(
            language: nil, grammar: nil, grammarFolders: grammars, extensions: extensions
        ).makeRegistry(configuration: configuration)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let compiled: Grammar
        if let grammar {
            let raw = try registry.load(contentsOf: URL(fileURLWithPath: grammar))
            compiled = try registry.grammar(scopeName: raw.scopeName)
        } else if let language {
            compiled = try registry.grammar(forLanguage: language)
        } else {
            guard let scope = registry.scopeName(forFile: file, text: Substring(text)) else {
                throw ValidationError("no grammar for \(file); name one with --language or --grammar")
            }
            compiled = try registry.grammar(scopeName: scope)
        }
        // The warm-up run compiles the patterns, on one thread so that every search is counted
        // here; timed runs start from a fresh rule stack.
        let searchesBefore = MatchWorkspace.current.searchCount
        var tokenCount = compiled.tokenizeDocument(text, jobs: 1).count
        DisabledRules.report(compiled)
        let searches = MatchWorkspace.current.searchCount - searchesBefore
        let utf8 = Array(text.utf8)
        var report: DocumentTokenization?
        func timedRuns(jobs: Int?) -> [Double] {
            var times: [Double] = []
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                report = utf8.withUnsafeBufferPointer {
                    compiled.tokenizeDocumentInChunks(utf8: $0, jobs: jobs)
                }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                tokenCount = report?.tokens.count ?? 0
            }
            return times.sorted()
        }
        let times = timedRuns(jobs: jobs)
        let chunkCount = report?.chunkCount ?? 1
        let seams = report?.seams ?? []
        let seamsGuessedRight = seams.count { $0.guessedRight }
        let linesRetokenized = seams.reduce(0) { $0 + $1.linesRetokenized }
        // The same runs again on one thread confined to one CPU: what the wall figure owes to
        // other cores.
        let (singleCoreTimes, confined) = SingleCore.run { timedRuns(jobs: 1) }
        if !confined { warn("could not confine the process to one CPU: single-core figures are unconfined") }
        let median = Self.median(times)
        let singleCoreMedian = Self.median(singleCoreTimes)
        let bytes = text.utf8.count
        let megabytesPerSecond = Double(bytes) / 1e6 / (median / 1e3)
        if json {
            let fields = String(
                format:
                    "{\"bytes\": %d, \"runs\": %d, \"median_ms\": %.3f, \"min_ms\": %.3f, "
                    + "\"single_core_median_ms\": %.3f, \"searches\": %d, \"mb_per_s\": %.3f, "
                    + "\"chunks\": %d, \"seams_guessed_right\": %d, \"lines_retokenized\": %d}",
                bytes, runs, median, times[0], singleCoreMedian, searches, megabytesPerSecond, chunkCount,
                seamsGuessedRight, linesRetokenized)
            print(fields)
        } else {
            print(
                String(
                    format:
                        "%@: %d bytes, %d tokens, %d searches, %@; median %.2f ms (one core %.2f ms), "
                        + "min %.2f ms over %d runs, %.2f MB/s; %d chunks, %d of %d seams guessed right, "
                        + "%d lines tokenized again",
                    file, bytes, tokenCount, searches, compiled.scopeName, median, singleCoreMedian, times[0],
                    runs, megabytesPerSecond, chunkCount, seamsGuessedRight, seams.count, linesRetokenized))
        }
        for diagnostic in compiled.diagnostics {
            FileHandle.standardError.write(Data("warning: \(diagnostic)\n".utf8))
        }
    }
}
