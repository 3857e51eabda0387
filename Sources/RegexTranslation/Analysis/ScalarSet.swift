/// A set of Unicode scalar values for the tree analyses: a bitmap of the first 256, where
/// nearly every character a grammar's classes and literals name lies, and a hashed set for the
/// rest.
///
/// The possessive rewrite unions the first characters of every element of every sequence
/// around a repetition; with `Set<UInt32>` each union hashed every member again, and that was a
/// third of translating a grammar's patterns. Here a union of the common part is four ORs.
struct ScalarSet: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Bit `s & 63` of word `s >> 6` is set when scalar `s` (below 256) is a member.
    private var latin: SIMD4<UInt64> = .zero
    /// The members from 256 up.
    private var others: Set<UInt32> = []

    private static let latinLimit: UInt32 = 256

    init() {}

    init(arrayLiteral scalars: UInt32...) {
        self.init(scalars)
    }

    init<Scalars: Sequence<UInt32>>(_ scalars: Scalars) {
        for scalar in scalars { insert(scalar) }
    }

    var isEmpty: Bool { latin == .zero && others.isEmpty }

    var count: Int {
        (0..<4).reduce(others.count) { $0 + latin[$1].nonzeroBitCount }
    }

    func contains(_ scalar: UInt32) -> Bool {
        guard scalar < Self.latinLimit else { return others.contains(scalar) }
        return latin[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
    }

    mutating func insert(_ scalar: UInt32) {
        guard scalar < Self.latinLimit else {
            others.insert(scalar)
            return
        }
        latin[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
    }

    /// Inserts every scalar of `range`.
    mutating func insert(contentsOf range: ClosedRange<UInt32>) {
        var scalar = range.lowerBound
        while scalar < Self.latinLimit && scalar <= range.upperBound {
            // The rest of this word's bits from `scalar`, up to the range's end.
            let word = Int(scalar >> 6)
            let first = UInt64(scalar & 63)
            let last = UInt64(min(range.upperBound, UInt32(word) * 64 + 63) & 63)
            let width = last - first + 1
            let bits: UInt64 = width == 64 ? ~0 : ((1 << width) - 1) << first
            latin[word] |= bits
            scalar = UInt32(word + 1) * 64
        }
        if range.upperBound >= Self.latinLimit {
            others.formUnion(max(range.lowerBound, Self.latinLimit)...range.upperBound)
        }
    }

    mutating func formUnion(_ other: ScalarSet) {
        latin |= other.latin
        if !other.others.isEmpty { others.formUnion(other.others) }
    }

    func union(_ other: ScalarSet) -> ScalarSet {
        var result = self
        result.formUnion(other)
        return result
    }

    func isDisjoint(with other: ScalarSet) -> Bool {
        guard latin & other.latin == .zero else { return false }
        return others.isEmpty || other.others.isEmpty || others.isDisjoint(with: other.others)
    }

    /// The members in increasing order.
    func sorted() -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(count)
        for word in 0..<4 {
            var bits = latin[word]
            while bits != 0 {
                result.append(UInt32(word * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        result.append(contentsOf: others.sorted())
        return result
    }
}
