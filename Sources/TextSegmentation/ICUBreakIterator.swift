import CICU

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reusable ICU break iterators of one type, shared between threads.
///
/// Opening an iterator costs microseconds (ICU clones its rules), more than breaking a short
/// line, so iterators are kept and pointed at new text; each is used by one caller at a time.
final class ICUBreakIterator: @unchecked Sendable {
    /// Line-break (UAX #14) iterators.
    static let lines = ICUBreakIterator(type: UBRK_LINE)
    /// Grapheme-cluster (UAX #29) iterators.
    static let graphemes = ICUBreakIterator(type: UBRK_CHARACTER)

    private let type: UBreakIteratorType
    // Idle iterators; guarded by `mutex`.
    private var idle: [OpaquePointer] = []
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init(type: UBreakIteratorType) {
        self.type = type
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    /// Every boundary of `text` after its start, with ICU's rule status for it; empty when
    /// ICU cannot iterate (its data missing, or text longer than Int32 counts).
    func boundaries(of text: UnsafeBufferPointer<UInt16>) -> [(offset: Int, status: Int32)] {
        guard text.count < Int32.max, let iterator = take() else { return [] }
        defer { give(iterator) }
        var status = U_ZERO_ERROR
        ICU.ubrkSetText(iterator, text.baseAddress, Int32(text.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return [] }
        var result: [(offset: Int, status: Int32)] = []
        _ = ICU.ubrkFirst(iterator)
        while true {
            let next = ICU.ubrkNext(iterator)
            guard next != UBRK_DONE else { break }
            result.append((Int(next), ICU.ubrkGetRuleStatus(iterator)))
        }
        // Drop ICU's pointer to the caller's buffer before another caller takes the iterator.
        ICU.ubrkSetText(iterator, nil, 0, &status)
        return result
    }

    private func take() -> OpaquePointer? {
        pthread_mutex_lock(mutex)
        let reused = idle.popLast()
        pthread_mutex_unlock(mutex)
        if let reused { return reused }
        var status = U_ZERO_ERROR
        let opened = ICU.ubrkOpen(type, "", nil, 0, &status)
        return status.rawValue <= U_ZERO_ERROR.rawValue ? opened : nil
    }

    private func give(_ iterator: OpaquePointer) {
        pthread_mutex_lock(mutex)
        // A few per core are plenty; close the rest.
        let kept = idle.count < 8
        if kept { idle.append(iterator) }
        pthread_mutex_unlock(mutex)
        if !kept { ICU.ubrkClose(iterator) }
    }
}
