import Dispatch
import Foundation
import Testing
import ThemeEngine

@Suite struct ThemeConcurrencyTests {
    @Test func oneThemeResolvesTheSameFromManyThreads() {
        let theme = ThemeFixtures.theme(
            ThemeFixtures.rule("keyword", fg: "#100000"), ThemeFixtures.rule("meta string", fg: "#200000"))
        let paths = (0..<64).map {
            ["source", "meta.\($0)", $0.isMultiple(of: 2) ? "string.s\($0)" : "keyword.k\($0)"]
        }
        let expected = paths.map { theme.style(forScopes: $0) }
        let fresh = ThemeFixtures.theme(
            ThemeFixtures.rule("keyword", fg: "#100000"), ThemeFixtures.rule("meta string", fg: "#200000"))
        let results = ResultBox(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count * 4) { iteration in
            let index = iteration % paths.count
            results.set(index, fresh.style(forScopes: paths[index]))
        }
        #expect(results.values == expected)
    }
}

/// Collects results written from several threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [TokenStyle?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: TokenStyle) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [TokenStyle] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
