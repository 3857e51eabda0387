import Foundation

/// The candidate rules of each scope name seen so far, shared by every thread using a theme.
///
/// A scope name's candidates never change once the theme is built, so a lookup is computed
/// once and then costs one locked dictionary read. The names are spread over shards with a
/// lock each, by their hash: threads resolving one document's styles side by side
/// (`StyledDocument`) otherwise queued on one lock, each wait a trip into the kernel.
final class ThemeMatchCache: @unchecked Sendable {
    private final class Shard: @unchecked Sendable {
        // Guarded by `lock`; NSLock keeps this available on every platform the package targets.
        let lock = NSLock()
        var candidates: [HashedName: [ThemeTrieRule]] = [:]
    }

    /// A name with its hash, computed once to choose the shard and reused by its dictionary.
    private struct HashedName: Hashable {
        let name: String
        let hash: Int
        static func == (left: HashedName, right: HashedName) -> Bool { left.name == right.name }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private static let shardCount = 16
    private let shards = (0..<ThemeMatchCache.shardCount).map { _ in Shard() }

    /// The cached candidates for `scope`, computing them with `compute` on first use.
    func rules(for scope: String, compute: (String) -> [ThemeTrieRule]) -> [ThemeTrieRule] {
        let key = HashedName(name: scope, hash: scope.hashValue)
        let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))]
        shard.lock.lock()
        if let cached = shard.candidates[key] {
            shard.lock.unlock()
            return cached
        }
        shard.lock.unlock()
        // Computed outside the lock: two threads may both compute, and both get the same answer.
        let computed = compute(scope)
        shard.lock.lock()
        shard.candidates[key] = computed
        shard.lock.unlock()
        return computed
    }

    /// How many scope names are cached.
    var count: Int {
        shards.reduce(0) { total, shard in
            shard.lock.lock()
            defer { shard.lock.unlock() }
            return total + shard.candidates.count
        }
    }
}
