#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A per-thread, direct-mapped memo of `Grammar.push` for names without placeholders: (parent
/// scope stack, rule name) → the interned stack it pushes.
///
/// The interner answers the same question under a lock with a dictionary keyed by the scope
/// name's text, and every token asks it at least once. The interner only forgets nodes nothing
/// else holds, and an entry holds its result, so a remembered answer stays the interner's
/// answer. Only interned results are
/// kept; each entry holds its result, which keeps the parent (its ancestor) alive, so the
/// parent's identity stays unique while the entry exists.
final class ScopeMemo {
    // 16,384 entries: with 4,096, jQuery's pushes evicted each other thousands of times per
    // document, and each miss is a locked dictionary lookup that hashes the scope name.
    private static let sizeBits = 14
    private static let size = 1 << sizeBits
    private let parents: UnsafeMutablePointer<ObjectIdentifier?>
    private let keys: UnsafeMutablePointer<Int>
    private let results: UnsafeMutablePointer<ScopeStack?>

    // The tables (384 KB) come zeroed from the system (`ZeroedPages`), so a process only
    // touches the pages its pushes hash to instead of writing them all when a thread's
    // workspace is made (a visible share of highlighting a small file). All-zero bits are `nil`
    // for both optionals (a null reference), and a slot whose parent is nil never matches,
    // whatever its key.
    init() {
        parents = ZeroedPages.allocate(ObjectIdentifier?.self, count: Self.size)
        keys = ZeroedPages.allocate(Int.self, count: Self.size)
        results = ZeroedPages.allocate(ScopeStack?.self, count: Self.size)
    }

    deinit {
        results.deinitialize(count: Self.size)
        ZeroedPages.free(results, count: Self.size)
        ZeroedPages.free(keys, count: Self.size)
        ZeroedPages.free(parents, count: Self.size)
    }

    @inline(__always)
    private static func slot(_ parent: ObjectIdentifier, _ key: Int) -> Int {
        // The address itself, not `hashValue`, which would run a full `Hasher`.
        let mixed = (UInt(bitPattern: parent) ^ UInt(bitPattern: key &* 0x9E37_79B9)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt(64 - sizeBits))
    }

    /// The remembered result of pushing name `key` onto `parent`, if any.
    @inline(__always)
    func lookup(_ parent: ScopeStack, key: Int) -> ScopeStack? {
        let id = ObjectIdentifier(parent)
        let index = Self.slot(id, key)
        guard parents[index] == id, keys[index] == key else { return nil }
        return results[index]
    }

    /// Forgets every entry (and the references that kept its stacks alive).
    func removeAll() {
        parents.update(repeating: nil, count: Self.size)
        keys.update(repeating: 0, count: Self.size)
        results.update(repeating: nil, count: Self.size)
    }

    /// Remembers an interned result.
    func store(_ parent: ScopeStack, key: Int, result: ScopeStack) {
        let id = ObjectIdentifier(parent)
        let index = Self.slot(id, key)
        parents[index] = id
        keys[index] = key
        results[index] = result
    }
}
