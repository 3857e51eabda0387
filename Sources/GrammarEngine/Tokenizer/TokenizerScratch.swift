/// One thread's reusable memory for tokenizing lines: the line buffer, the memo of scope
/// pushes, and offset arrays that finished matches gave back.
struct TokenizerScratch: ~Copyable {
    /// Remembered scope pushes (see `ScopeMemo`).
    let scopeMemo = ScopeMemo()
    /// The current line plus its "\n", reused from line to line.
    var lineBuffer: [UInt8] = []
    // Offset arrays finished matches gave back, by their number of offsets (a pattern's
    // groups times two), so that a new match of the same size overwrites one in place.
    private var spareOffsets: [[[Int]]] = Array(repeating: [], count: TokenizerScratch.recycledSizes)
    private static let recycledSizes = 64

    init() {}

    /// A match holding `count` offsets copied from `source` (PCRE2_UNSET, all ones, is -1 as
    /// an `Int`), in an array of that size a finished match gave back when there is one:
    /// resizing a spare array of another size went through `Array`'s generic paths.
    mutating func match(copying source: UnsafePointer<Int>, count: Int) -> PatternMatch {
        let buffer = UnsafeBufferPointer(start: source, count: count)
        guard count < Self.recycledSizes, var offsets = spareOffsets[count].popLast() else {
            return PatternMatch(offsets: Array(buffer))
        }
        offsets.withUnsafeMutableBufferPointer { spare in
            spare.baseAddress?.update(from: source, count: count)
        }
        return PatternMatch(offsets: offsets)
    }

    /// Takes back a match the tokenizer is done with, to reuse its array: a new array per
    /// match was a third of the tokenizer's allocations.
    ///
    /// The array is swapped out of the match rather than copied: a copy took a reference that
    /// the match's end gave back at once, a pair of atomic operations per match.
    mutating func recycle(_ match: inout PatternMatch) {
        let count = match.offsets.count
        guard count < Self.recycledSizes, spareOffsets[count].count < 8 else { return }
        var offsets: [Int] = []
        swap(&offsets, &match.offsets)
        spareOffsets[count].append(consume offsets)
    }
}
