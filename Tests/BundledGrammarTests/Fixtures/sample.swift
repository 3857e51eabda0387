import Foundation

/// A cache of rendered lines.
/// - Parameter capacity: the most entries kept.
@MainActor
public final class LineCache<Key: Hashable, Value>: Sendable {
    /* Outer comment /* nested comment */ still outer */
    private var storage: [Key: Value] = [:]
    let capacity: Int
    static let hexMask = 0xFF_FF, octal = 0o755, bits = 0b1010
    var ratio: Double = 1.5e-3

    public init(capacity: Int = 64) {
        self.capacity = capacity
    }

    @discardableResult
    func insert(_ value: Value, for key: Key) async throws -> Value? {
        guard storage.count < capacity else { throw CacheError.full(limit: capacity) }
        defer { print("inserted \(key) with \(describe(value, limit: 3)) entries") }
        let old = storage.updateValue(value, forKey: key)
        return old ?? nil
    }
}

enum CacheError: Error {
    case full(limit: Int)
    case missing
}

struct Report {
    var title = "Report\t\u{1F4C8}"
    var body: String {
        """
        Multi-line \(title)
        with "quotes" and a \\ backslash
        """
    }
    let raw = #"raw \n and \#(title) interpolated"#
}

extension Array where Element == Int {
    var total: Int { reduce(0) { $0 + $1 } }
}

#if os(Linux)
let platform = "linux"
#else
let platform = "other"
#endif

let values = [1, 2, 3].map { $0 * 2 }.filter { $0 > 2 }
if #available(macOS 14, *), let first = values.first as Int? {
    print(first, platform, nil ?? 0, 1...3, 1..<3)
}
