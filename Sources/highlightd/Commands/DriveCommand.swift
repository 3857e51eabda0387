import ArgumentParser
import DaemonCore
import EditTrace
import Foundation
import GrammarEngine
import JSONRPC

/// Drives `highlightd serve` over stdio as an editor plugin would: types a file out keystroke
/// by keystroke (or replays an editing trace), measures the time from sending each edit to
/// receiving its first `didProcessEditing`, and prints the highlighted result.
struct DriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drive",
        abstract: "Type a file (or replay a trace) through `highlightd serve` and report latencies."
    )

    @Argument(help: "A file to type out keystroke by keystroke, or a trace (.json/.json.gz) to replay.")
    var input: String

    @Option(help: "The language id of the document (default: from the file name).")
    var language: String?

    @Option(help: "A folder of grammars for the server (repeatable).")
    var grammars: [String] = []

    @Option(help: "Position encoding to negotiate: utf-8, utf-16 or utf-32.")
    var encoding = "utf-16"

    @Option(help: "Replay at most this many transactions of a trace.")
    var limit: Int?

    @Option(help: "The theme the server styles with: dark, light, or a path.")
    var theme = "dark"

    @Flag(help: "Do not print the final document.")
    var quiet = false

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func run() throws {
        let edits = try plannedEdits()
        let session = try DaemonSession(
            executable: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
            grammarFolders: grammars, encoding: encoding, theme: theme)
        let uri = "file:///" + edits.fileName
        try session.open(uri: uri, languageId: language ?? "", text: edits.startText)
        var latencies: [UInt64] = []
        latencies.reserveCapacity(edits.transactions.count)
        for (index, transaction) in edits.transactions.enumerated() {
            latencies.append(try session.edit(uri: uri, version: index + 2, edits: transaction))
        }
        let final = try session.settledAttributes(uri: uri)
        session.close()
        let summary = LatencySummary(nanoseconds: latencies)
        if json {
            var figures = summary.dictionary
            figures["bytes"] = Double(final.text.utf8.count)
            JSONOutput.print(JSONOutput.numbers(figures))
            return
        }
        if !quiet {
            let rendered = final.render()
            print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
        }
        if let expected = edits.endText, expected != final.text {
            warn("the final text differs from the trace's endContent")
            throw ExitCode.failure
        }
        print("edit → first didProcessEditing over stdio (\(encoding)): \(summary.line)")
    }

    /// The document's start text and the transactions to send (NSRange-style, `encoding` units).
    private func plannedEdits() throws -> PlannedEdits {
        let url = URL(fileURLWithPath: input)
        if input.hasSuffix(".json") || input.hasSuffix(".json.gz") {
            let trace = try EditingTrace(contentsOf: url)
            var transactions = trace.transactions.map { patches in
                patches.map { ScalarEdit(position: $0.position, deleted: $0.deleted, text: $0.inserted) }
            }
            if let limit { transactions = Array(transactions.prefix(limit)) }
            return PlannedEdits(
                fileName: url.deletingPathExtension().deletingPathExtension().lastPathComponent + ".txt",
                startText: trace.startContent, transactions: transactions,
                endText: limit == nil ? trace.endContent : nil)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        // One keystroke per character (a \r\n is one keystroke), appended at the end.
        var transactions: [[ScalarEdit]] = []
        var position = 0
        for character in text {
            transactions.append([ScalarEdit(position: position, deleted: 0, text: String(character))])
            position += character.unicodeScalars.count
        }
        return PlannedEdits(
            fileName: url.lastPathComponent, startText: "", transactions: transactions, endText: text)
    }
}

/// One edit in Unicode scalars, converted to the session's unit when sent.
struct ScalarEdit {
    var position: Int
    var deleted: Int
    var text: String
}

/// What `drive` sends.
struct PlannedEdits {
    var fileName: String
    var startText: String
    var transactions: [[ScalarEdit]]
    var endText: String?
}
