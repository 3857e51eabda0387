import ArgumentParser
import Dispatch
import EditTrace
import Foundation
import TextLayout
import TextRope

/// Measures layout: a whole document from scratch, and relayout after each transaction of an
/// editing trace.
struct BenchLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-layout",
        abstract: "Time layout of a large document and the incremental relayout per transaction of a trace."
    )

    @Option(help: "The document: its lines are repeated up to --lines.")
    var file: String

    @Option(help: "How many lines the document has.")
    var lines = 10_000

    @Option(help: "A font file or name.")
    var font = "DejaVu Sans Mono"

    @Option(help: "The font size in pixels per em.")
    var size = 12.0

    @Option(help: "The container's width, in advances of the digit zero.")
    var columns = 80

    @Option(help: "An editing trace (josephg .json or .json.gz) to replay through the incremental layout.")
    var trace: String?

    @Option(help: "Timed whole-document runs after one warm-up run.")
    var runs = 5

    func validate() throws {
        guard lines > 0, columns > 0, runs > 0 else {
            throw ValidationError("--lines, --columns and --runs must be positive")
        }
    }

    func run() throws {
        let path = font.contains("/") ? font : try FontLocator.path(forName: font)
        let fontFile = try LayoutFont(path: path)
        let layout = try ParagraphLayout(fonts: FontSet(primary: fontFile), size: size)
        let zero = Shaper.shape("0", font: fontFile).first?.xAdvance ?? fontFile.unitsPerEm / 2
        let width = Double(columns) * Double(zero) * size / Double(fontFile.unitsPerEm)
        let container = [LayoutContainer(width: width)]

        let source = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let document = (0..<lines).map { source[$0 % source.count] }.joined(separator: "\n")
        var times: [Double] = []
        var fragmentCount = 0
        for run in 0...runs {
            let start = DispatchTime.now().uptimeNanoseconds
            fragmentCount = try layout.layout(document, in: container).count
            if run > 0 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        }
        times.sort()
        print(
            String(
                format:
                    "layout: %d lines, %d bytes, %d line fragments at %.1f px (%d columns); median %.2f ms, min %.2f ms over %d runs",
                lines, document.utf8.count, fragmentCount, width, columns, times[times.count / 2], times[0],
                runs))

        guard let trace else { return }
        let editing = try EditingTrace(contentsOf: URL(fileURLWithPath: trace))
        let incremental = try IncrementalLayout(layout: layout, containers: container)
        var buffer = TextBuffer(editing.startContent)
        incremental.update(editing.startContent)
        var latencies: [UInt64] = []
        var linesSent: [Int] = []
        latencies.reserveCapacity(editing.transactions.count)
        for transaction in editing.transactions {
            // The trace counts scalars; the layout is told each replacement in bytes.
            var changes = ChangeSet()
            for patch in transaction {
                let scalarCount = buffer.count(in: .utf32)
                let lower = min(patch.position, scalarCount)
                let upper = min(lower + patch.deleted, scalarCount)
                let range = try Self.utf8Offset(lower, of: buffer)..<Self.utf8Offset(upper, of: buffer)
                buffer.replace(range, with: patch.inserted)
                changes.append(.init(range: range, insertedLength: patch.inserted.utf8.count))
            }
            let start = DispatchTime.now().uptimeNanoseconds
            incremental.update(buffer, changes: changes)
            latencies.append(DispatchTime.now().uptimeNanoseconds - start)
            linesSent.append(incremental.lastChange.lines.count)
        }
        linesSent.sort()
        let summary = LatencySummary(nanoseconds: latencies)
        print("relayout per transaction (\(URL(fileURLWithPath: trace).lastPathComponent)): \(summary.line)")
        print(
            "lines in each change: median \(linesSent[linesSent.count / 2]), p99 \(linesSent[linesSent.count * 99 / 100]), max \(linesSent.last ?? 0)"
        )
    }

    /// The UTF-8 offset of a scalar offset; a trace may edit between a `\r` and its `\n`,
    /// which the buffer's checked conversion refuses, so that one is found from the `\r`.
    private static func utf8Offset(_ scalars: Int, of buffer: TextBuffer) throws(TextPositionError)
        -> UTF8Offset
    {
        do throws(TextPositionError) {
            return try buffer.utf8Offset(scalars, in: .utf32)
        } catch {
            guard case .insideLineTerminator = error else { throw error }
            return try buffer.utf8Offset(scalars - 1, in: .utf32) + 1
        }
    }
}
