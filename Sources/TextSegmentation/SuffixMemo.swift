#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Remembers public-suffix answers for short ASCII labels, shared between threads.
///
/// Code is full of `object.member` that looks like a domain, so the same few labels (`call`,
/// `length`, `style`) are asked about again and again; libpsl's lookup plus the C string it
/// needs costs more than the rest of link detection. Labels of up to 8 bytes pack into a
/// `UInt64` key; the table is direct-mapped, a collision simply evicts.
final class SuffixMemo: @unchecked Sendable {
    private static let slots = 512
    // Key per slot (0 = empty) and the answer stored with it; guarded by `mutex`.
    private var keys = [UInt64](repeating: 0, count: SuffixMemo.slots)
    private var answers = [Bool](repeating: false, count: SuffixMemo.slots)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    /// The key of a lowercase ASCII label of 1 to 8 bytes; nil for other labels.
    static func key(_ label: some Sequence<UInt8>) -> UInt64? {
        var key: UInt64 = 0
        var length = 0
        for byte in label {
            length += 1
            guard length <= 8 else { return nil }
            key = key << 8 | UInt64(byte)
        }
        return length > 0 ? key : nil
    }

    /// The remembered answer for `key`, if any.
    func answer(for key: UInt64) -> Bool? {
        let slot = Self.slot(key)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return keys[slot] == key ? answers[slot] : nil
    }

    /// Remembers `answer` for `key`.
    func remember(_ answer: Bool, for key: UInt64) {
        let slot = Self.slot(key)
        pthread_mutex_lock(mutex)
        keys[slot] = key
        answers[slot] = answer
        pthread_mutex_unlock(mutex)
    }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 55) & (slots - 1)
    }
}
