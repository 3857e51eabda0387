import CICU

/// An ICU break iterator over UTF-16 text it keeps alive, closed when released.
///
/// ICU's iterator reads the caller's buffer in place, so the buffer is stored beside it.
final class ICUBreakIterator {
    private let iterator: OpaquePointer
    private let text: UnsafeMutableBufferPointer<UInt16>

    /// Opens an iterator of `type` (`UBRK_LINE`, `UBRK_CHARACTER`) over `utf16`; nil if ICU
    /// fails (its data missing).
    init?(_ type: UBreakIteratorType, utf16: [UInt16]) {
        // ICU counts in Int32; longer text cannot be iterated.
        guard utf16.count < Int32.max else { return nil }
        let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(utf16.count, 1))
        _ = buffer.initialize(from: utf16)
        var status = U_ZERO_ERROR
        guard let opened = hl_ubrk_open(type, "", buffer.baseAddress, Int32(utf16.count), &status),
            status.rawValue <= U_ZERO_ERROR.rawValue
        else {
            buffer.deallocate()
            return nil
        }
        iterator = opened
        text = buffer
    }

    deinit {
        hl_ubrk_close(iterator)
        text.deallocate()
    }

    /// Every boundary after the start, with ICU's rule status for it.
    func boundaries() -> [(offset: Int, status: Int32)] {
        var result: [(offset: Int, status: Int32)] = []
        _ = hl_ubrk_first(iterator)
        while true {
            let next = hl_ubrk_next(iterator)
            guard next != UBRK_DONE else { break }
            result.append((Int(next), hl_ubrk_getRuleStatus(iterator)))
        }
        return result
    }
}
