#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Zeroed memory straight from the system (an anonymous `mmap`), for tables that a process
/// touches only where entries hash: their pages are faulted in, zero, on first use.
///
/// `calloc` gave the same only while glibc served such sizes with a mapping of their own. The
/// one-shot heap of `highlight` (`OneShotHeap`: a 64 MB mapping threshold and 16 MB of top
/// padding) makes them come from the heap, where `calloc` clears them with `memset`: every
/// page of a thread's scope memo and line profile was written when its workspace was made,
/// 1.8 % of highlighting a 1.3 KB file.
enum ZeroedPages {
    /// `count` zeroed elements of `type`; give them back with `free(_:count:)`.
    static func allocate<Element>(_ type: Element.Type, count: Int) -> UnsafeMutablePointer<Element> {
        let bytes = count * MemoryLayout<Element>.stride
        guard let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else {
            fatalError("out of memory for a table of \(bytes) bytes")
        }
        return memory.bindMemory(to: type, capacity: count)
    }

    /// Gives back what `allocate(_:count:)` returned (its elements already deinitialized).
    static func free<Element>(_ pointer: UnsafeMutablePointer<Element>, count: Int) {
        munmap(UnsafeMutableRawPointer(pointer), count * MemoryLayout<Element>.stride)
    }
}
