#if canImport(Glibc)
    import Glibc
    private let populated = MAP_POPULATE
#elseif canImport(Darwin)
    import Darwin
    private let populated: Int32 = 0
#endif

/// Zeroed memory straight from the system (an anonymous `mmap`, populated), for the tables a
/// thread's workspace hashes into.
///
/// `calloc` gave zeroed pages only while glibc served such sizes with a mapping of their own.
/// The one-shot heap of `highlight` (`OneShotHeap`: a 64 MB mapping threshold and 16 MB of top
/// padding) makes them come from the heap, where `calloc` clears them with `memset`: every
/// page of a thread's scope memo and line profile was written when its workspace was made,
/// 1.8 % of highlighting a 1.3 KB file.
///
/// The mapping is populated (`MAP_POPULATE`): the kernel clears its pages at once. Left to
/// fault in, a table's page was first read (a lookup), which maps the shared zero page, then
/// written (a store), which replaces that page and flushes its old mapping from every core
/// running the process: an inter-processor interrupt per page while the chunks of a document
/// are tokenized side by side, 2.7 ms of sampled CPU time per jQuery `highlight`, against 1.0
/// for populating (`perf record`, ten runs each).
enum ZeroedPages {
    /// `count` zeroed elements of `type`; give them back with `free(_:count:)`.
    static func allocate<Element>(_ type: Element.Type, count: Int) -> UnsafeMutablePointer<Element> {
        let bytes = count * MemoryLayout<Element>.stride
        guard
            let memory = mmap(
                nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | populated, -1, 0),
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
