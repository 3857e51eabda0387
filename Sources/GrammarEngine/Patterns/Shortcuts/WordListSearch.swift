import RegexTranslation

/// A `WordList` found by comparing bytes: the leftmost place where the guards pass and a word
/// stands (the earliest in the list's order that is not followed by an excluded character),
/// as PCRE2 finds it. Bytes outside ASCII never begin a word; where a guard or the exclusion
/// would read one, the search goes to PCRE2 (`find` returns nil).
///
/// A class, so that a search plan holding one stays a word wide; its bytes are kept in one
/// buffer it owns, read without reference counting in the search loop.
final class WordListSearch: @unchecked Sendable {
    /// The words' bytes, one after the other.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Word `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let starts: UnsafeMutablePointer<Int>
    private let count: Int
    /// The words' indices grouped by first byte, in the list's order within a group: words
    /// with other first bytes never stand at the same place, so only a group is compared.
    private let byFirstByte: UnsafeMutablePointer<Int>
    /// For each ASCII byte, where its group begins in `byFirstByte` (129 entries: the group of
    /// byte `b` ends where that of `b + 1` begins).
    private let groupStarts: UnsafeMutablePointer<Int>
    /// The bytes a word begins with, as a mask over ASCII.
    private let firstBytes: (UInt64, UInt64)
    private let guards: RunGuards
    /// The class the character after a word must not be in, if any.
    private let notFollowedBy: (UInt64, UInt64)?
    /// Whether the words are also capture group 1.
    let isCaptured: Bool

    /// The search for `list`, or nil when a class does not compile or a word is empty or not
    /// ASCII (which no translation makes; a damaged cache file might).
    init?(_ list: WordList) {
        let oracle = PCRE2ClassOracle.shared
        guard !list.words.isEmpty, list.words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 < 0x80 } }),
            let guards = RunGuards(list.guards, oracle: oracle)
        else { return nil }
        if let source = list.notFollowedBy {
            guard let excluded = oracle.asciiMembers(source) else { return nil }
            notFollowedBy = excluded
        } else {
            notFollowedBy = nil
        }
        self.guards = guards
        isCaptured = list.isCaptured
        count = list.words.count
        let total = list.words.reduce(0) { $0 + $1.count }
        bytes = .allocate(capacity: total)
        starts = .allocate(capacity: count + 1)
        var offset = 0
        var mask: (UInt64, UInt64) = (0, 0)
        for (index, word) in list.words.enumerated() {
            starts[index] = offset
            (bytes + offset).initialize(from: word, count: word.count)
            offset += word.count
            ClassRunSearch.insert(word[0], into: &mask)
        }
        starts[count] = offset
        firstBytes = mask
        byFirstByte = .allocate(capacity: count)
        groupStarts = .allocate(capacity: 129)
        var filled = 0
        for byte in 0..<128 {
            groupStarts[byte] = filled
            for (index, word) in list.words.enumerated() where word[0] == byte {
                byFirstByte[filled] = index
                filled += 1
            }
        }
        groupStarts[128] = filled
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        byFirstByte.deallocate()
        groupStarts.deallocate()
    }

    /// The match in `subject[start..<length]`: `.some(nil)` for none, nil when PCRE2 must
    /// answer.
    @inline(__always)
    func find(in subject: UnsafePointer<UInt8>, length: Int, from start: Int) -> Range<Int>?? {
        // Read once: the loop below reads a byte per step and nothing else of the object.
        let firstBytes = firstBytes
        var position = start
        while position < length {
            let byte = subject[position]
            if byte < 0x80, ClassRunSearch.contains(firstBytes, byte) {
                guard let passes = guards.pass(subject, at: position) else { return nil }
                if passes {
                    switch word(at: position, in: subject, length: length) {
                    case .none: return nil
                    case .some(.some(let end)): return position..<end
                    case .some(.none): break
                    }
                }
            }
            position += 1
        }
        return .some(nil)
    }

    /// The end of the first word in order that stands at `position` and is not followed by an
    /// excluded character: `.some(nil)` for none, nil when the character after a word that
    /// stands there is outside ASCII.
    @inline(__always)
    private func word(at position: Int, in subject: UnsafePointer<UInt8>, length: Int) -> Int?? {
        let first = Int(subject[position])
        for member in groupStarts[first]..<groupStarts[first + 1] {
            let index = byFirstByte[member]
            let wordStart = starts[index]
            let wordLength = starts[index + 1] - wordStart
            let end = position + wordLength
            guard end <= length, Self.equal(bytes + wordStart, subject + position, wordLength)
            else { continue }
            guard let notFollowedBy, end < length else { return .some(end) }
            let next = subject[end]
            if next >= 0x80 { return nil }
            if !ClassRunSearch.contains(notFollowedBy, next) { return .some(end) }
        }
        return .some(nil)
    }

    /// Whether `count` bytes at `a` and `b` are the same: a word is a few bytes, which a loop
    /// compares sooner than a call to `memcmp`.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }
}
