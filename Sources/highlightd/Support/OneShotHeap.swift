import Foundation
import TextSegmentation

/// glibc's allocator set up for a command that runs once and exits.
///
/// By default glibc serves every block over 128 KB with a mapping of its own and unmaps it
/// when it is freed, and grows the heap a little at a time. The arrays a one-shot command
/// grows by doubling (tokens, styled runs, the rendered output) then fault in fresh zeroed
/// pages at every step and unmap the old ones: on jQuery, `highlight` spent about a sixth of its
/// time in those faults and unmaps. A process that exits when done has nothing to give back
/// early, so it keeps large blocks in the heap, grows it in large steps and never trims it.
///
/// What is left is a page fault for every 4 KB the command touches first: 4,600 on jQuery, each
/// a trip into the kernel (and, in a virtual machine, often out of it). So the heap is grown
/// once, up front, by `reservation` (address space only: nothing is touched), and that range is
/// marked for transparent huge pages, which the kernel then faults in 2 MB at a time where it
/// has them. glibc does the same under `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, which only the
/// environment can set, and for the worker threads' arenas too, which this does not reach.
/// jQuery: 2,200 page faults against 4,600, and 55.5 ms against 59.0 (medians of 41
/// alternating runs; glibc's setting 52.2). Sending every thread to the main heap
/// (`arena_max=1`) gained nothing more.
///
/// The daemon keeps glibc's defaults: it does give memory back when idle (`MemoryTrim`).
///
/// `mallopt` is looked up at run time (`CLibrary.process`): Swift's Glibc module does not
/// export it. Elsewhere nothing changes.
enum OneShotHeap {
    private typealias SetOption = @convention(c) (Int32, Int32) -> Int32

    /// glibc's `M_TRIM_THRESHOLD`, `M_TOP_PAD` and `M_MMAP_THRESHOLD` (malloc.h).
    private static let trimThreshold: Int32 = -1
    private static let topPad: Int32 = -2
    private static let mmapThreshold: Int32 = -3

    /// Blocks up to this size come from the heap.
    static let largestHeapBlock: Int32 = 64 << 20
    /// How much more than asked the heap grows by each time (only touched pages count).
    static let growthStep: Int32 = 16 << 20
    /// The heap grown at once and marked for huge pages: a 250 KB file's tokens, styles and
    /// output fit in it.
    static let reservation = 48 << 20
    /// The size of a transparent huge page on x86-64 and of the usual one on arm64.
    static let hugePage = 2 << 20

    /// Heap bytes a run touches per byte of input, about: jQuery's 242 KB touched three huge
    /// pages of the main heap with ANSI output (`thp_fault_alloc` in `/proc/vmstat`), seven
    /// with JSON.
    static let heapBytesPerInputByte = 24

    /// Applies the settings; call before the command's first large allocation. With the size
    /// of the one file the command will read, the huge pages a run of that size touches are
    /// faulted in on a thread of their own meanwhile (`populateInBackground`).
    static func configure(inputBytes: Int = 0) {
        guard let setOption = CLibrary.process.lookup("mallopt", as: SetOption.self) else { return }
        _ = setOption(mmapThreshold, largestHeapBlock)
        _ = setOption(topPad, growthStep)
        _ = setOption(trimThreshold, .max)
        reserveHugePages(
            populating: inputBytes.multipliedReportingOverflow(by: heapBytesPerInputByte).partialValue)
    }

    private typealias Allocate = @convention(c) (Int) -> UnsafeMutableRawPointer?

    /// Grows the heap by `reservation`, marks the new range for transparent huge pages, and
    /// has the first `populating` bytes of it (rounded up to whole huge pages; none when less
    /// than one) faulted in on another thread.
    ///
    /// The heap grows by allocating a block and freeing it again. `malloc` is called through a
    /// pointer looked up at run time: the optimizer removes a direct `malloc` whose block is
    /// only freed.
    private static func reserveHugePages(populating: Int) {
        #if os(Linux)
            let failed = UnsafeMutableRawPointer(bitPattern: -1)
            guard let allocate = CLibrary.process.lookup("malloc", as: Allocate.self),
                let before = sbrk(0), before != failed, let block = allocate(reservation)
            else { return }
            defer { free(block) }
            guard let after = sbrk(0), after != failed, before.distance(to: after) >= reservation else {
                return
            }
            // Only whole huge pages inside the new range.
            let start = (Int(bitPattern: before) + hugePage - 1) & ~(hugePage - 1)
            let end = Int(bitPattern: after) & ~(hugePage - 1)
            guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(address, end - start, MADV_HUGEPAGE)
            // A small file's run may never reach the first whole huge page: none for it.
            let wanted = populating < hugePage ? 0 : (populating + hugePage - 1) & ~(hugePage - 1)
            let populated = min(end - start, wanted)
            if populated > 0 { populateInBackground(address, count: populated) }
        #endif
    }

    /// Linux's `MADV_POPULATE_WRITE` (5.14), which Swift's Glibc module does not export.
    private static let populateWrite: Int32 = 23

    /// Faults in `count` bytes at `address` on a detached thread, as if written, without
    /// writing them (`MADV_POPULATE_WRITE`: their contents stay what they are, zeros, so
    /// malloc's free memory is not disturbed; an older kernel refuses and nothing happens).
    ///
    /// A huge page's first touch took from 0.2 to 4.7 ms on this project's machines, the
    /// kernel clearing 2 MB while the host faults the memory in behind it, and a `highlight`
    /// of jQuery met three of them on its main thread, in the middle of reading, tokenizing
    /// and writing. While the main thread loads the grammar and reads the file, the other core
    /// has nothing to do; a page the main thread reaches first is faulted in once all the same.
    private static func populateInBackground(_ address: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
            let range = UnsafeMutablePointer<(UnsafeMutableRawPointer, Int)>.allocate(capacity: 1)
            range.initialize(to: (address, count))
            var thread = pthread_t()
            let created = pthread_create(
                &thread, nil,
                { argument in
                    let range = argument!.assumingMemoryBound(to: (UnsafeMutableRawPointer, Int).self)
                    _ = madvise(range.pointee.0, range.pointee.1, OneShotHeap.populateWrite)
                    range.deallocate()
                    return nil
                }, range)
            if created == 0 {
                pthread_detach(thread)
            } else {
                range.deallocate()
            }
        #endif
    }
}
