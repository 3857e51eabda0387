/// A test of whether a line may hold one of a pattern's required whole words
/// (`TranslatedPattern.requiredWords`) at or after a search start, without calling PCRE2.
///
/// The words are a bitmap of 65,536 bits keyed by a hash of each word; the line's whole words
/// (`LineProfile.words`) from the search start are looked up in it. A hit may be a
/// collision, and PCRE2 then decides. Lines with bytes outside ASCII always pass: their word
/// boundaries follow Unicode's classes, which the line's simple split does not.
/// It owns its bitmap, and is `~Copyable` so that only one value frees it.
struct WordFilter: ~Copyable, @unchecked Sendable {
    private let bitmap: UnsafeMutablePointer<UInt64>?

    /// A filter that lets every line pass.
    static var none: WordFilter { WordFilter(bitmap: nil) }

    /// A filter for `words`.
    static func make(_ words: [[UInt8]]) -> WordFilter {
        guard !words.isEmpty else { return .none }
        let count = 65_536 / 64
        let bitmap = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        bitmap.initialize(repeating: 0, count: count)
        for word in words {
            let key = word.withUnsafeBufferPointer { LineProfile.wordKey($0[...]) }
            bitmap[Int(key) >> 6] |= 1 << UInt64(key & 63)
        }
        return WordFilter(bitmap: bitmap)
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
            let key = words.keys[index]
            if bitmap[Int(key) >> 6] & (1 << UInt64(key & 63)) != 0 { return true }
        }
        return false
    }
}
