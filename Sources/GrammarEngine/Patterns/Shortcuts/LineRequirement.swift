/// The part of a pattern's prefilter that holds for a whole line whatever the search start:
/// the bytes a match may start with, and up to three pairs of bytes of which the line must
/// hold one each (a required byte in either case, or what a top-level lookahead needs).
///
/// A list's entries are screened with these when its live-entry set is rebuilt for a new line
/// (`LiveEntries.prepare`), in one pass over memory laid out per list: most entries of a
/// large list cannot match a given line at all, and finding that out one visit at a time cost
/// a search-cache lookup, a read of the scattered prefilter and a cache store each. Whatever
/// passes is still checked from the search start by `SearchPrefilter.mayMatch` when visited.
struct LineRequirement: Sendable {
    /// Bytes that may start a match; all ones when anything may.
    private let first: (UInt64, UInt64, UInt64, UInt64)
    /// The pairs, as `(a, b)` bytes packed two per `UInt16`; `pairCount` are used.
    private let pairs: (UInt16, UInt16, UInt16)
    private let pairCount: Int
    /// Whether the requirement rules nothing out (every line admits it).
    let isTrivial: Bool

    /// A requirement that admits every line.
    static let none = LineRequirement(first: (~0, ~0, ~0, ~0), pairs: [])

    /// `first` as four 64-bit words of a byte set; `pairs` of bytes, one of each to be present.
    init(first: (UInt64, UInt64, UInt64, UInt64), pairs: [(UInt8, UInt8)]) {
        precondition(pairs.count <= 3, "at most three byte pairs")
        self.first = first
        let packed = pairs.map { UInt16($0.0) | UInt16($0.1) << 8 } + [0, 0, 0]
        self.pairs = (packed[0], packed[1], packed[2])
        pairCount = pairs.count
        isTrivial = pairs.isEmpty && first == (~0, ~0, ~0, ~0)
    }

    /// Whether a line holding the bytes `presence` marks may hold a match.
    @inline(__always)
    func admits(_ presence: UnsafePointer<UInt64>) -> Bool {
        guard
            first.0 & presence[0] != 0 || first.1 & presence[1] != 0 || first.2 & presence[2] != 0
                || first.3 & presence[3] != 0
        else { return false }
        if pairCount > 0, !Self.holdsOne(of: pairs.0, presence) { return false }
        if pairCount > 1, !Self.holdsOne(of: pairs.1, presence) { return false }
        if pairCount > 2, !Self.holdsOne(of: pairs.2, presence) { return false }
        return true
    }

    @inline(__always)
    private static func holdsOne(of pair: UInt16, _ presence: UnsafePointer<UInt64>) -> Bool {
        isPresent(UInt8(truncatingIfNeeded: pair), presence) || isPresent(UInt8(pair >> 8), presence)
    }

    @inline(__always)
    private static func isPresent(_ byte: UInt8, _ presence: UnsafePointer<UInt64>) -> Bool {
        presence[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0
    }
}
