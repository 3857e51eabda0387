import ArgumentParser
import DocumentStorage
import EditTrace
import Foundation
import TextRope

/// Replays an editing trace into the text storage and reports per-transaction latency.
struct BenchStorageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-storage",
        abstract: "Apply every transaction of an editing trace and report the time per transaction."
    )

    @Argument(help: "An editing trace (.json or .json.gz, josephg format).")
    var trace: String

    @Option(help: "Repetitions; the figures of the fastest are reported.")
    var runs = 5

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    func run() throws {
        let trace = try EditingTrace(contentsOf: URL(fileURLWithPath: self.trace))
        var textOnly: [UInt64] = []
        var storage: [UInt64] = []
        for _ in 0..<max(1, runs) {
            let text = try Self.replayText(trace)
            if textOnly.isEmpty || text.reduce(0, +) < textOnly.reduce(0, +) { textOnly = text }
            let full = try Self.replayStorage(trace)
            if storage.isEmpty || full.reduce(0, +) < storage.reduce(0, +) { storage = full }
        }
        let report = [
            "text": LatencySummary(nanoseconds: textOnly), "storage": LatencySummary(nanoseconds: storage),
        ]
        if json {
            JSONOutput.print(.object(report.mapValues { JSONOutput.numbers($0.dictionary) }))
        } else {
            #if DEBUG
                print("warning: debug build; measure with `swift build -c release`")
            #endif
            print(
                "trace: \(self.trace), transactions: \(trace.transactions.count), best of \(max(1, runs)) runs"
            )
            for (name, summary) in report.sorted(by: { $0.key > $1.key }) {
                print("\(name): \(summary.line)")
            }
        }
    }

    /// Text plus metrics only: scalar offsets converted and applied to a `TextBuffer`.
    static func replayText(_ trace: EditingTrace) throws -> [UInt64] {
        var buffer = TextBuffer(trace.startContent)
        var times: [UInt64] = []
        times.reserveCapacity(trace.transactions.count)
        for transaction in trace.transactions {
            let start = DispatchTime.now().uptimeNanoseconds
            for patch in transaction {
                guard let lower = try? buffer.utf8Offset(patch.position, in: .utf32),
                    let upper = patch.deleted == 0
                        ? lower : try? buffer.utf8Offset(patch.position + patch.deleted, in: .utf32)
                else { continue }
                buffer.replace(lower..<upper, with: patch.inserted)
            }
            times.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        guard buffer.utf8Count == trace.endContent.utf8.count else {
            throw ValidationError("the trace's patches do not lead to its endContent")
        }
        return times
    }

    /// The whole storage: validation, text, both attribute layers, transaction bookkeeping.
    static func replayStorage(_ trace: EditingTrace) throws -> [UInt64] {
        let storage = TextStorage(trace.startContent)
        var times: [UInt64] = []
        times.reserveCapacity(trace.transactions.count)
        for transaction in trace.transactions {
            let edits = transaction.map {
                TextEdit(location: $0.position, length: $0.deleted, text: $0.inserted)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            try storage.applyEdits(edits, unit: .utf32)
            times.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        guard storage.string == trace.endContent else {
            throw ValidationError("the trace's patches do not lead to its endContent")
        }
        return times
    }
}
