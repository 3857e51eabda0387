import Foundation

/// Mean and percentiles of a list of latencies.
struct LatencySummary {
    let count: Int
    let totalNanoseconds: UInt64
    let meanNanoseconds: Double
    let p50: UInt64
    let p90: UInt64
    let p99: UInt64
    let max: UInt64

    init(nanoseconds: [UInt64]) {
        let sorted = nanoseconds.sorted()
        count = sorted.count
        totalNanoseconds = sorted.reduce(0, +)
        meanNanoseconds = sorted.isEmpty ? 0 : Double(totalNanoseconds) / Double(sorted.count)
        func percentile(_ fraction: Double) -> UInt64 {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((Double(sorted.count - 1) * fraction).rounded())
            return sorted[index]
        }
        p50 = percentile(0.5)
        p90 = percentile(0.9)
        p99 = percentile(0.99)
        max = sorted.last ?? 0
    }

    var line: String {
        func micro(_ value: Double) -> String { String(format: "%.3f µs", value / 1000) }
        return "\(count) transactions, total \(String(format: "%.2f ms", Double(totalNanoseconds) / 1e6)), "
            + "mean \(micro(meanNanoseconds)), p50 \(micro(Double(p50))), p90 \(micro(Double(p90))), "
            + "p99 \(micro(Double(p99))), max \(micro(Double(max)))"
    }

    var dictionary: [String: Double] {
        [
            "transactions": Double(count), "total_ms": Double(totalNanoseconds) / 1e6,
            "mean_us": meanNanoseconds / 1000,
            "p50_us": Double(p50) / 1000, "p90_us": Double(p90) / 1000, "p99_us": Double(p99) / 1000,
            "max_us": Double(max) / 1000,
        ]
    }
}
