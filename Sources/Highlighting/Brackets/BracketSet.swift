import GrammarEngine

/// A language's bracket pairs, ready to find in a line's text.
///
/// Brackets are found left to right, the longest bracket text first at each place; a bracket
/// that starts or ends with a letter, digit or `_` (`begin`, `end`) counts only as a whole
/// word. Which parts of a line are searched is the caller's business (tokens whose brackets
/// count, see `TokenClassification`).
public struct BracketSet: Sendable {
    /// The pairs, in the language configuration's order; a token's `pair` indexes them.
    public let pairs: [BracketPair]
    private let candidates: [Candidate]
    private let startsCandidate: [Bool]

    private struct Candidate: Sendable {
        var bytes: [UInt8]
        var pair: UInt16
        var isOpen: Bool
        var isWordLike: Bool
    }

    /// The set of `pairs`, or nil when there are none (no bracket text is empty, and a text
    /// used twice keeps its first meaning).
    public init?(pairs: [BracketPair]) {
        var candidates: [Candidate] = []
        var seen: Set<[UInt8]> = []
        for (index, pair) in pairs.prefix(Int(UInt16.max)).enumerated() {
            for (text, isOpen) in [(pair.open, true), (pair.close, false)] {
                let bytes = Array(text.utf8)
                guard !bytes.isEmpty, bytes.count <= 64, seen.insert(bytes).inserted else { continue }
                let isWordLike = Self.isWordByte(bytes.first!) || Self.isWordByte(bytes.last!)
                candidates.append(
                    Candidate(bytes: bytes, pair: UInt16(index), isOpen: isOpen, isWordLike: isWordLike))
            }
        }
        guard !candidates.isEmpty else { return nil }
        self.pairs = pairs
        self.candidates = candidates.sorted { $0.bytes.count > $1.bytes.count }
        var starts = [Bool](repeating: false, count: 256)
        for candidate in candidates { starts[Int(candidate.bytes[0])] = true }
        startsCandidate = starts
    }

    /// Appends the brackets found in `line[range]` (columns relative to the line's start).
    public func scan(
        _ line: UnsafeBufferPointer<UInt8>, in range: Range<Int>, into tokens: inout [BracketToken]
    ) {
        var index = range.lowerBound
        let end = min(range.upperBound, line.count)
        search: while index < end {
            guard startsCandidate[Int(line[index])] else {
                index += 1
                continue
            }
            for candidate in candidates where index + candidate.bytes.count <= end {
                let count = candidate.bytes.count
                var matches = true
                for offset in 0..<count where line[index + offset] != candidate.bytes[offset] {
                    matches = false
                    break
                }
                guard matches else { continue }
                if candidate.isWordLike {
                    let before = index > 0 && Self.isWordByte(line[index - 1])
                    let after = index + count < line.count && Self.isWordByte(line[index + count])
                    if before || after { continue }
                }
                tokens.append(
                    BracketToken(
                        column: Int32(index), length: Int32(count), pair: candidate.pair,
                        isOpen: candidate.isOpen))
                index += count
                continue search
            }
            index += 1
        }
    }

    /// Letters, digits and `_` (ASCII, and every byte of a multi-byte character, as a word's
    /// part).
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            return true
        default: return false
        }
    }
}

/// One bracket found in a line: where (UTF-8, from the line's start), which pair, which side.
public struct BracketToken: Hashable, Sendable {
    /// The bracket's first byte, from the line's start.
    public var column: Int32
    /// Its length in bytes.
    public var length: Int32
    /// The index of its pair in the `BracketSet`.
    public var pair: UInt16
    /// Whether it opens the pair.
    public var isOpen: Bool

    /// Creates a token.
    public init(column: Int32, length: Int32, pair: UInt16, isOpen: Bool) {
        self.column = column
        self.length = length
        self.pair = pair
        self.isOpen = isOpen
    }
}
