// Link detection and line breaking throughput, per line as the hooks run them.
// Usage: segmentation-bench FILE|TRACE.json.gz ... (a trace contributes its final text).

import Dispatch
import EditTrace
import Foundation
import TextSegmentation

#if DEBUG
    print("refusing to report figures from a debug build: run with -c release")
    exit(1)
#endif

func lines(of text: String) -> [String] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map(String.init)
}

/// Median MB/s of `runs` passes of `body` over `bytes` bytes.
func throughput(bytes: Int, runs: Int = 7, _ body: () -> Int) -> (megabytesPerSecond: Double, result: Int) {
    var times: [Double] = []
    var result = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        result = body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return (Double(bytes) / 1e6 / times[times.count / 2], result)
}

for path in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let text =
        path.contains(".json")
        ? try EditingTrace(contentsOf: url).endContent : try String(contentsOf: url, encoding: .utf8)
    let all = lines(of: text)
    let bytes = text.utf8.count
    let withoutTriggers = all.map { $0.filter { !".:/@".contains($0) } }
    let triggerFreeBytes = withoutTriggers.reduce(0) { $0 + $1.utf8.count }
    print("\(url.lastPathComponent): \(bytes) bytes, \(all.count) lines (median of 7)")
    for (name, configuration) in [("prose", LinkDetector.Configuration.prose), ("sourceCode", .sourceCode)] {
        let detector = LinkDetector(configuration: configuration)
        let found = throughput(bytes: bytes) { all.reduce(0) { $0 + detector.links(in: $1).count } }
        print(
            String(format: "  links (%@): %.0f MB/s, %d links", name, found.megabytesPerSecond, found.result))
    }
    let detector = LinkDetector()
    let clean = throughput(bytes: triggerFreeBytes) {
        withoutTriggers.reduce(0) { $0 + detector.links(in: $1).count }
    }
    print(String(format: "  links on the same text without . : / @: %.0f MB/s", clean.megabytesPerSecond))
    let breaker = LineBreaker()
    let wrapped = throughput(bytes: bytes) {
        all.reduce(0) { $0 + breaker.breaks(in: $1, columns: 80).count }
    }
    print(
        String(
            format: "  line breaking at 80 columns: %.1f MB/s, %d soft breaks", wrapped.megabytesPerSecond,
            wrapped.result))
}
