import Foundation

/// The candidate rules of each scope name seen so far, shared by every thread using a theme.
///
/// A scope name's candidates never change once the theme is built, so a lookup is computed
/// once and then costs one locked dictionary read.
final class ThemeMatchCache: @unchecked Sendable {
    // Guarded by `lock`; NSLock keeps this available on every platform the package targets.
    private let lock = NSLock()
    private var candidates: [String: [ThemeTrieRule]] = [:]

    /// The cached candidates for `scope`, computing them with `compute` on first use.
    func rules(for scope: String, compute: (String) -> [ThemeTrieRule]) -> [ThemeTrieRule] {
        lock.lock()
        if let cached = candidates[scope] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        // Computed outside the lock: two threads may both compute, and both get the same answer.
        let computed = compute(scope)
        lock.lock()
        candidates[scope] = computed
        lock.unlock()
        return computed
    }

    /// How many scope names are cached.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return candidates.count
    }
}
