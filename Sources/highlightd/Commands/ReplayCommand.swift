import ArgumentParser
import DaemonCore
import DocumentStorage
import EditTrace
import Foundation
import GrammarEngine
import Highlighting
import JSONRPC
import TextRope
import TextSegmentation
import ThemeEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replays an edit log through the storage and the incremental highlighter, verifying it.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an edit log with incremental highlighting; report latency and verify it.",
        discussion: """
            TRACE is a josephg editing trace (.json or .json.gz, positions in Unicode scalars) or \
            the project's JSON-lines edit log (docs/HIGHLIGHTING.md). Exits non-zero if a checkpoint \
            differs from a from-scratch highlight or the final text differs from the expected one.
            """
    )

    @Argument(help: "The edit log: josephg trace (.json, .json.gz) or JSON lines (.jsonl).")
    var trace: String

    @Option(help: "Language id of the grammar to use (resolved through the loaded grammars).")
    var language: String?

    @Option(help: "A grammar file to use as the root grammar.")
    var grammar: String?

    @Option(help: "A folder of grammars to load (repeatable).")
    var grammars: [String] = []

    @Option(help: "A built-in theme name or a theme file.")
    var theme = "dark"

    @Option(
        help:
            "Unit of the log's offsets: utf-8, utf-16 or utf-32 (default: utf-32 for josephg traces, utf-16 for JSON lines)."
    )
    var encoding: String?

    @Option(help: "Compare with a from-scratch highlight every N transactions (0: only at the end).")
    var verifyEvery = 0

    @Option(help: "Lines around the edit highlighted within each transaction.")
    var window = 60

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    @Flag(help: "Keep bracket pairs too (the language's pairs), as the daemon does, and check them.")
    var brackets = false

    @Flag(help: "TRACE is a recording made by `serve --record`: replay it against a fresh server.")
    var rpc = false

    func validate() throws {
        guard language == nil || grammar == nil else {
            throw ValidationError("use either --language or --grammar")
        }
        guard verifyEvery >= 0 else { throw ValidationError("--verify-every must not be negative") }
        if let encoding, TextUnit(rawValue: encoding) == nil {
            throw ValidationError("--encoding must be utf-8, utf-16 or utf-32")
        }
    }

    func run() throws {
        if rpc { return try replayRecording() }
        let log = try loadLog()
        let registry = GrammarSelection(grammarFolders: grammars).makeRegistry()
        let compiled = try loadGrammar(languageId: log.languageId, registry: registry)
        let styles = StyleTable(theme: try Theme.named(theme))
        var configuration = SyntaxHighlighter.Configuration()
        configuration.window = window
        if brackets, let languageId = language ?? log.languageId {
            configuration.brackets = registry.languageConfiguration(forLanguage: languageId).flatMap {
                BracketSet(pairs: $0.pairs)
            }
        }
        var replay = HighlightReplay(
            grammar: compiled, styles: styles, configuration: configuration, verifyEvery: verifyEvery)
        // Links run after the syntax layer, as in the daemon (and alone for plain text).
        let detector = LinkDetector(configuration: .forRootScope(compiled?.scopeName))
        replay.makeHooks = { [LinkDetectionHook(detector: detector)] }
        let report = try replay.run(log)
        let latency = LatencySummary(nanoseconds: report.latencies)
        let convergence = LatencySummary(nanoseconds: report.convergence)
        let peak = Self.peakResidentBytes()
        if json {
            let object: JSONValue = [
                "transactions": .integer(report.transactions),
                "p50_us": .double(Double(latency.p50) / 1000), "p90_us": .double(Double(latency.p90) / 1000),
                "p99_us": .double(Double(latency.p99) / 1000), "max_us": .double(Double(latency.max) / 1000),
                "converge_p50_us": .double(Double(convergence.p50) / 1000),
                "converge_p99_us": .double(Double(convergence.p99) / 1000),
                "lines_retokenized_mean": .double(report.meanLinesRetokenized),
                "lines_from_recent_lines": .integer(report.linesFromRecentLines),
                "peak_rss_bytes": .integer(peak),
                "state_bytes_per_line": .double(report.stateBytesPerLine),
                "mismatches": .integer(report.mismatches),
                "bracket_mismatches": .integer(report.bracketMismatches),
            ]
            JSONOutput.print(object)
        } else {
            #if DEBUG
                print("warning: debug build; measure with `swift build -c release`")
            #endif
            func micro(_ value: UInt64) -> String { String(format: "%.1f µs", Double(value) / 1000) }
            print("trace: \(trace) (grammar \(compiled?.scopeName ?? "none: plain text"), theme \(theme))")
            print("transactions: \(report.transactions)")
            print(
                "latency per transaction: p50 \(micro(latency.p50)), p90 \(micro(latency.p90)), "
                    + "p99 \(micro(latency.p99)), max \(micro(latency.max))")
            print("time to convergence: p50 \(micro(convergence.p50)), p99 \(micro(convergence.p99))")
            print(String(format: "lines retokenized per transaction: mean %.2f", report.meanLinesRetokenized))
            print("lines answered from the memo of recent lines: \(report.linesFromRecentLines)")
            print(String(format: "peak memory (max RSS): %.1f MiB", Double(peak) / 1_048_576))
            print(
                String(
                    format: "highlighter state: %.1f bytes/line (%d lines)", report.stateBytesPerLine,
                    report.finalLineCount))
            print("mismatches: \(report.mismatches) (of \(report.checkpoints) checkpoints)")
            if configuration.brackets != nil {
                print(
                    "bracket mismatches: \(report.bracketMismatches) (of \(report.checkpoints) checkpoints)")
            }
        }
        var failed = false
        if report.bracketMismatches > 0 {
            FileHandle.standardError.write(Data("bracket layer differs from ReferenceBrackets\n".utf8))
            failed = true
        }
        if let mismatch = report.firstMismatch {
            FileHandle.standardError.write(Data("first mismatch \(mismatch)\n".utf8))
            failed = true
        }
        if report.finalTextMatches == false {
            let difference = report.finalTextDifference
            let message =
                "final text differs from the expected text at line \((difference?.line ?? 0) + 1)\n"
                + "  replayed: \(difference?.actual ?? "")\n  expected: \(difference?.expected ?? "")\n"
            FileHandle.standardError.write(Data(message.utf8))
            failed = true
        }
        if failed { throw ExitCode.failure }
    }

    /// Reads the log in either format.
    func loadLog() throws -> EditLog {
        let url = URL(fileURLWithPath: trace)
        let unit = encoding.flatMap(TextUnit.init(rawValue:))
        if trace.hasSuffix(".jsonl") || trace.hasSuffix(".ndjson") {
            return try EditLog(jsonLines: Data(contentsOf: url), defaultUnit: unit ?? .utf16)
        }
        let josephg = try EditingTrace(contentsOf: url)
        return EditLog(
            startContent: josephg.startContent,
            transactions: josephg.transactions.map { patches in
                EditLog.Transaction(
                    edits: patches.map {
                        TextEdit(location: $0.position, length: $0.deleted, text: $0.inserted)
                    },
                    unit: unit ?? .utf32)
            },
            endContent: josephg.endContent)
    }

    /// The grammar named by --grammar, else by --language (or the log's language id); nil for
    /// `plaintext`, a document without a syntax layer as the daemon opens it.
    func loadGrammar(languageId: String?, registry: GrammarRegistry) throws -> Grammar? {
        if let grammar {
            let raw = try registry.load(contentsOf: URL(fileURLWithPath: grammar))
            return try registry.grammar(scopeName: raw.scopeName)
        }
        guard let id = language ?? languageId else {
            Self.fail("name a grammar with --grammar PATH (or --language ID)")
        }
        if id == GrammarRegistry.plainTextLanguageId { return nil }
        do {
            return try registry.grammar(forLanguage: id)
        } catch {
            Self.fail("no grammar for language \(id) (\(error)); pass --grammar PATH or --grammars DIR")
        }
    }

    /// Prints an error and exits with a failure status.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation.exit(ExitCode.failure.rawValue)
    }

    /// The process's peak resident set size in bytes (getrusage's max RSS).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #else
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }
}

extension ReplayCommand {
    /// `--rpc`: feeds a `serve --record` file to a fresh in-process server and summarizes.
    func replayRecording() throws {
        let configuration = ServerConfiguration(grammarFolders: grammars.map { URL(fileURLWithPath: $0) })
        let summary = try RPCReplay.run(url: URL(fileURLWithPath: trace), configuration: configuration)
        print("recording: \(trace)")
        print("frames replayed: \(summary.frames), notifications sent: \(summary.notifications)")
        print(String(format: "time: %.1f ms", summary.seconds * 1000))
        print("errors: \(summary.errors.count)")
        for error in summary.errors { print("  \(error)") }
    }
}
