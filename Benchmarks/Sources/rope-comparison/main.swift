// Replays editing traces into our TextBuffer and into swift-collections' BigString, and
// prints the time per transaction of each: the measurement behind the rope choice recorded
// in docs/ARCHITECTURE.md. Usage: rope-comparison TRACE.json.gz ...

import EditTrace
import Foundation
import TextRope
import _RopeModule

#if DEBUG
    print("refusing to report figures from a debug build: run with -c release")
    exit(1)
#endif

func percentile(_ sorted: [UInt64], _ fraction: Double) -> Double {
    Double(sorted[Int((Double(sorted.count - 1) * fraction).rounded())]) / 1000
}

func report(_ name: String, _ times: [UInt64]) {
    let sorted = times.sorted()
    let mean = Double(sorted.reduce(0, +)) / Double(sorted.count) / 1000
    print(
        String(
            format: "  %-28@ mean %.3f µs  p50 %.3f µs  p99 %.3f µs  max %.1f µs", name as NSString, mean,
            percentile(sorted, 0.5), percentile(sorted, 0.99), percentile(sorted, 1)))
}

/// Our rope: scalar offsets converted in O(log n), lengths in all units and lines kept.
func replayTextBuffer(_ trace: EditingTrace) -> [UInt64] {
    var buffer = TextBuffer(trace.startContent)
    var times: [UInt64] = []
    for transaction in trace.transactions {
        let start = DispatchTime.now().uptimeNanoseconds
        for patch in transaction {
            let lower = (try? buffer.utf8Offset(patch.position, in: .utf32)) ?? 0
            let upper = (try? buffer.utf8Offset(patch.position + patch.deleted, in: .utf32)) ?? lower
            buffer.replace(lower..<upper, with: patch.inserted)
        }
        _ = buffer.lineCount + buffer.count(in: .utf16)
        times.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    precondition(buffer.string == trace.endContent)
    return times
}

/// BigString: scalar offsets through its unicode scalar view (it keeps no line counts).
func replayBigString(_ trace: EditingTrace) -> [UInt64] {
    var text = BigString(trace.startContent)
    var times: [UInt64] = []
    for transaction in trace.transactions {
        let start = DispatchTime.now().uptimeNanoseconds
        for patch in transaction {
            let scalars = text.unicodeScalars
            let lower = scalars.index(scalars.startIndex, offsetBy: patch.position)
            let upper = scalars.index(lower, offsetBy: patch.deleted)
            text.unicodeScalars.replaceSubrange(lower..<upper, with: patch.inserted.unicodeScalars)
        }
        _ = text.utf16.count
        times.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    precondition(String(text) == trace.endContent)
    return times
}

/// The run with the smallest total time.
func best(of runs: Int, _ replay: () -> [UInt64]) -> [UInt64] {
    var best: [UInt64] = []
    var bestTotal = UInt64.max
    for _ in 0..<runs {
        let times = replay()
        let total = times.reduce(0, +)
        if total < bestTotal {
            best = times
            bestTotal = total
        }
    }
    return best
}

for path in CommandLine.arguments.dropFirst() {
    let trace = try EditingTrace(contentsOf: URL(fileURLWithPath: path))
    print(
        "\(URL(fileURLWithPath: path).lastPathComponent): \(trace.transactions.count) transactions (best of 5)"
    )
    let ours = best(of: 5) { replayTextBuffer(trace) }
    let theirs = best(of: 5) { replayBigString(trace) }
    report("TextBuffer (ours)", ours)
    report("BigString (_RopeModule)", theirs)
}
