#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the prefilters need to know about the line being tokenized, computed once per line:
/// which bytes it contains and where each last occurs, and where its two- and three-byte
/// windows are (see `LiteralFilter`).
final class LineProfile {
    @exclusivity(unchecked) private(set) var presence: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Per byte value, its last offset in the line, or -1.
    let lastIndex: UnsafeMutablePointer<Int>
    /// Per slot of a two-byte window's hash, the generation of the line (high half) and the
    /// last offset of a window that hashed there (low half); `trigramSlots` the same for
    /// three-byte windows. Entries of earlier lines have another generation, so the tables are
    /// never cleared.
    let bigramSlots: UnsafeMutablePointer<UInt64>
    let trigramSlots: UnsafeMutablePointer<UInt64>
    /// Per offset of the line, the key of the two-byte window that starts there
    /// (`trigramKeyAt`: the three-byte one); valid while a window fits before the line's end.
    @exclusivity(unchecked) private(set) var bigramKeyAt: UnsafeMutablePointer<UInt16>
    @exclusivity(unchecked) private(set) var trigramKeyAt: UnsafeMutablePointer<UInt16>
    @exclusivity(unchecked) private var slotAtCapacity = 256
    @exclusivity(unchecked) private(set) var generation: UInt64 = 0
    /// The line's length in bytes.
    @exclusivity(unchecked) private(set) var count = 0
    // The line's whole words (`words()`), split on first use in the line.
    @exclusivity(unchecked) private var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    @exclusivity(unchecked) private var wordsSplit = false
    @exclusivity(unchecked) private var isASCII = true
    @exclusivity(unchecked) private var wordCount = 0
    @exclusivity(unchecked) private var wordCapacity = 64
    @exclusivity(unchecked) private var wordStarts: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var wordKeys: UnsafeMutablePointer<UInt16>
    static let windowSlotBits = 12

    init() {
        lastIndex = .allocate(capacity: 256)
        lastIndex.initialize(repeating: -1, count: 256)
        bigramSlots = Self.zeroedSlots()
        trigramSlots = Self.zeroedSlots()
        bigramKeyAt = .allocate(capacity: slotAtCapacity)
        trigramKeyAt = .allocate(capacity: slotAtCapacity)
        wordStarts = .allocate(capacity: wordCapacity)
        wordKeys = .allocate(capacity: wordCapacity)
    }

    deinit {
        lastIndex.deallocate()
        ZeroedPages.free(bigramSlots, count: 1 << Self.windowSlotBits)
        ZeroedPages.free(trigramSlots, count: 1 << Self.windowSlotBits)
        bigramKeyAt.deallocate()
        trigramKeyAt.deallocate()
        wordStarts.deallocate()
        wordKeys.deallocate()
    }

    /// A zeroed window table straight from the system (`ZeroedPages`), so that its pages are
    /// only touched where windows hash (every workspace has one; a short file touches a few of
    /// its 32 KB).
    private static func zeroedSlots() -> UnsafeMutablePointer<UInt64> {
        ZeroedPages.allocate(UInt64.self, count: 1 << windowSlotBits)
    }

    /// The 16-bit key of a two-byte window (`third` nil: the two bytes themselves) or of a
    /// three-byte one (a hash).
    @inline(__always)
    static func windowKey(_ first: UInt8, _ second: UInt8, _ third: UInt8?) -> UInt16 {
        let pair = UInt16(first) | UInt16(second) << 8
        guard let third else { return pair }
        let window = UInt32(pair) | UInt32(third) << 16
        return UInt16(truncatingIfNeeded: (window &* 0x9E37_79B1) >> 16)
    }

    /// The slot of a window key in the tables of last offsets.
    @inline(__always)
    static func tableSlot(_ key: UInt16) -> Int {
        Int((UInt32(key) &* 0x9E37_79B1) >> UInt32(32 - windowSlotBits))
    }

    func reset(_ line: UnsafeBufferPointer<UInt8>) {
        generation &+= 1
        count = line.count
        self.line = line
        wordsSplit = false
        recordWindows(line)
        // Only the bytes the last line held have an offset to forget: a line holds a few
        // dozen distinct bytes, and clearing all 256 entries was most of this function.
        forget(presence.0, from: 0)
        forget(presence.1, from: 64)
        forget(presence.2, from: 128)
        forget(presence.3, from: 192)
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        // Indexed rather than switched on: letters and punctuation alternate, and a branch per
        // byte on which quarter it falls in was mispredicted half the time.
        withUnsafeMutableBytes(of: &words) { raw in
            let quarters = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            for (offset, byte) in line.enumerated() {
                lastIndex[Int(byte)] = offset
                quarters[Int(byte >> 6)] |= 1 << UInt64(byte & 63)
            }
        }
        presence = words
        isASCII = words.2 == 0 && words.3 == 0
    }

    /// Sets the last offset of each byte `bits` marks (bit b: byte `base + b`) back to -1.
    @inline(__always)
    private func forget(_ bits: UInt64, from base: Int) {
        var remaining = bits
        while remaining != 0 {
            lastIndex[base + remaining.trailingZeroBitCount] = -1
            remaining &= remaining &- 1
        }
    }

    /// The 16-bit key of a whole word (FNV-1a, folded).
    @inline(__always)
    static func wordKey(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> UInt16 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in word { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return UInt16(truncatingIfNeeded: hash ^ (hash >> 16))
    }

    /// The line's whole words, maximal runs of ASCII letters, digits and `_`: where each
    /// starts and its key, in line order; nil for a line with bytes outside ASCII. Split on
    /// the first call in a line (the profiled buffer outlives the line's tokenization).
    func words() -> (starts: UnsafePointer<Int32>, keys: UnsafePointer<UInt16>, count: Int)? {
        guard isASCII else { return nil }
        if !wordsSplit {
            wordsSplit = true
            // A line of n bytes has at most n / 2 + 1 words.
            if line.count / 2 + 1 > wordCapacity {
                wordStarts.deallocate()
                wordKeys.deallocate()
                wordCapacity = line.count / 2 + 1
                wordStarts = .allocate(capacity: wordCapacity)
                wordKeys = .allocate(capacity: wordCapacity)
            }
            wordCount = 0
            var offset = 0
            while offset < line.count {
                guard Self.isWordByte(line[offset]) else {
                    offset += 1
                    continue
                }
                let start = offset
                while offset < line.count, Self.isWordByte(line[offset]) { offset += 1 }
                wordStarts[wordCount] = Int32(truncatingIfNeeded: start)
                wordKeys[wordCount] = Self.wordKey(line[start..<offset])
                wordCount += 1
            }
        }
        return (UnsafePointer(wordStarts), UnsafePointer(wordKeys), wordCount)
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    private func recordWindows(_ line: UnsafeBufferPointer<UInt8>) {
        // Offsets must fit the low half of an entry; such lines are cut long before
        // (`Grammar.Configuration.maxLineLength`).
        guard line.count > 1, line.count < Int(UInt32.max) else { return }
        if line.count > slotAtCapacity {
            bigramKeyAt.deallocate()
            trigramKeyAt.deallocate()
            slotAtCapacity = line.count
            bigramKeyAt = .allocate(capacity: slotAtCapacity)
            trigramKeyAt = .allocate(capacity: slotAtCapacity)
        }
        let stamp = generation << 32
        for offset in 0..<(line.count - 1) {
            let first = line[offset]
            let second = line[offset + 1]
            let bigram = Self.windowKey(first, second, nil)
            bigramSlots[Self.tableSlot(bigram)] = stamp | UInt64(offset)
            bigramKeyAt[offset] = bigram
            if offset + 2 < line.count {
                let trigram = Self.windowKey(first, second, line[offset + 2])
                trigramSlots[Self.tableSlot(trigram)] = stamp | UInt64(offset)
                trigramKeyAt[offset] = trigram
            }
        }
    }
}
