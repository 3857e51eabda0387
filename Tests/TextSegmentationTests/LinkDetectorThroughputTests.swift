import Foundation
import TestSupport
import Testing
import TextSegmentation

@Suite("LinkDetector throughput (prints, never asserts timing)")
struct LinkDetectorThroughputTests {
    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func printsMegabytesPerSecondOverLargeJS() throws {
        let text = try String(contentsOf: TestData.url("benchmark/large.js"), encoding: .utf8)
        // Per line, as the storage hook calls it on edited paragraphs.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let detector = LinkDetector()
        let bytes = Double(text.utf8.count)
        var links = 0
        var best = Double.infinity
        for _ in 0..<5 {
            let start = ContinuousClock.now
            links = 0
            for line in lines { links += detector.links(in: line).count }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            best = min(best, seconds)
        }
        print(
            String(
                format: "LinkDetector: large.js %.0f KB, %d links, %.1f MB/s (best of 5, per line)",
                bytes / 1000, links, bytes / best / 1e6))
        // A sample of what was found, to judge false positives in code by eye.
        let sample = lines.lazy.flatMap { line in detector.links(in: line).map { String($0.text(in: line)) } }
        print("  first links: \(Array(sample.prefix(12)))")
        #expect(links >= 0)
    }
}
