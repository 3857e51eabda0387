/// A test of whether a line may hold one of a pattern's required whole words
/// (`TranslatedPattern.requiredWords`) at or after a search start, without calling PCRE2.
///
/// The words are a bitmap keyed by a hash of each word; the line's whole words
/// (`LineProfile.words`) from the search start are looked up in it. A hit may be a
/// collision, and PCRE2 then decides. Lines with bytes outside ASCII always pass: their word
/// boundaries follow Unicode's classes, which the line's simple split does not.
///
/// The bitmap has 64 bits per word (at least 512, at most the keys' 65,536), so about one
/// lookup in 64 collides. It had 65,536 bits for every pattern: 8 KB each, of which a lookup
/// touches one word at random, so in the daemon, where a keystroke finds the tables cold, that
/// load was the scan loop's costliest instruction (15% of its samples on a Rust trace).
/// It owns its bitmap, and is `~Copyable` so that only one value frees it.
struct WordFilter: ~Copyable, @unchecked Sendable {
    private let bitmap: UnsafeMutablePointer<UInt64>?
    /// The bitmap's size in bits minus one: keys are folded into it with `&`.
    private let mask: UInt16

    /// A filter that lets every line pass.
    static var none: WordFilter { WordFilter(bitmap: nil, mask: 0) }

    /// A filter for `words`.
    static func make(_ words: [[UInt8]]) -> WordFilter {
        guard !words.isEmpty else { return .none }
        var bits = 512
        while bits < words.count * 64 && bits < 65_536 { bits <<= 1 }
        let mask = UInt16(bits - 1)
        let count = bits / 64
        let bitmap = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        bitmap.initialize(repeating: 0, count: count)
        for word in words {
            let key = word.withUnsafeBufferPointer { LineProfile.wordKey($0[...]) } & mask
            bitmap[Int(key) >> 6] |= 1 << UInt64(key & 63)
        }
        return WordFilter(bitmap: bitmap, mask: mask)
    }

    deinit {
        bitmap?.deallocate()
    }

    /// Whether one of the words may stand whole at or after `position` in the profiled line,
    /// searched as a subject of `length` bytes. A shorter subject (a capture retokenized
    /// alone) ends a word where the line may go on with word characters, so the line's
    /// words say nothing about it and it passes.
    @inline(__always)
    func mayOccur(from position: Int, in line: LineProfile, length: Int) -> Bool {
        guard let bitmap, length == line.count, let words = line.words() else { return true }
        for index in 0..<words.count where Int(words.starts[index]) >= position {
            let key = words.keys[index] & mask
            if bitmap[Int(key) >> 6] & (1 << UInt64(key & 63)) != 0 { return true }
        }
        return false
    }
}
