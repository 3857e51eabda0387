import Foundation
import TextSegmentation

/// glibc's allocator set up for a command that runs once and exits.
///
/// By default glibc serves every block over 128 KB with a mapping of its own and unmaps it
/// when it is freed, and grows the heap a little at a time. The arrays a one-shot command
/// grows by doubling (tokens, styled runs, the rendered output) then fault in fresh zeroed
/// pages at every step and unmap the old ones: on jQuery, `highlight` spent about a sixth of its
/// time in those faults and unmaps. A process that exits when done has nothing to give back
/// early, so it keeps large blocks in the heap and grows it in large steps. The daemon keeps
/// glibc's defaults: it does give memory back when idle (`MemoryTrim`).
///
/// `mallopt` is looked up at run time (`CLibrary.process`): Swift's Glibc module does not
/// export it. Elsewhere nothing changes.
enum OneShotHeap {
    private typealias SetOption = @convention(c) (Int32, Int32) -> Int32

    /// glibc's `M_TOP_PAD` and `M_MMAP_THRESHOLD` (malloc.h).
    private static let topPad: Int32 = -2
    private static let mmapThreshold: Int32 = -3

    /// Blocks up to this size come from the heap.
    static let largestHeapBlock: Int32 = 64 << 20
    /// How much more than asked the heap grows by each time (only touched pages count).
    static let growthStep: Int32 = 16 << 20

    /// Applies the settings; call before the command's first large allocation.
    static func configure() {
        guard let setOption = CLibrary.process.lookup("mallopt", as: SetOption.self) else { return }
        _ = setOption(mmapThreshold, largestHeapBlock)
        _ = setOption(topPad, growthStep)
    }
}
