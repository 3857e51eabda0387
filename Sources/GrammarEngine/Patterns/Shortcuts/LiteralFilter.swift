/// A test of whether a line may hold one of a pattern's required literals
/// (`TranslatedPattern.requiredLiterals`) at or after a search start, without calling PCRE2.
///
/// Each literal is represented by the key of its first two or three bytes (three when every
/// literal has three; `LineProfile.windowKey`). A few literals are looked up, key by key, in
/// the line's table of the last offset of a window per slot: a present literal left an offset
/// at or after the search start in its slot, so when none of the slots shows one, no literal
/// is there. Many literals (keyword lists of hundreds of names) are a bitmap of 65,536 keys
/// that the keys of the line's windows from the search start are looked up in. Either way a
/// hit may be a collision, and PCRE2 then decides.
///
/// Literals of one byte (a `(` or `:` that some alternative of the pattern needs), up to four
/// of them, are checked against the line's last offset of that byte, beside the longer ones
/// or alone: a set such as `(`, `<`, `constructor`, `new` for a method declaration, or the
/// `(` a function call's lookahead needs, rules out lines holding none.
/// It owns its tables, and is `~Copyable` so that only one value frees them.
struct LiteralFilter: ~Copyable, @unchecked Sendable {
    /// 2 or 3; 0 when the set has no literals of two bytes or more.
    let gramLength: Int
    /// The table slots of the literals' keys, when they are few.
    private let slots: UnsafeMutablePointer<UInt16>?
    private let slotCount: Int
    /// A bit per key, when the literals are many.
    private let bitmap: UnsafeMutablePointer<UInt64>?
    /// Up to four one-byte literals (-1: unused).
    private let singles: (Int16, Int16, Int16, Int16)
    /// Whether the set holds only one-byte literals (no slots or bitmap to look at after them).
    private let singlesOnly: Bool

    /// A filter that lets every line pass.
    static var none: LiteralFilter {
        LiteralFilter(
            gramLength: 0, slots: nil, slotCount: 0, bitmap: nil, singles: (-1, -1, -1, -1),
            singlesOnly: false)
    }
    /// Above this many distinct slots, the filter walks the line instead of the slots.
    static let maxSlotsLookedUp = 16
    /// The most one-byte literals a set may hold.
    static let maxSingles = 4

    /// A filter for `literals`.
    static func make(_ literals: [[UInt8]]) -> LiteralFilter {
        let singleBytes = Set(literals.filter { $0.count == 1 }.map { Int16($0[0]) }).sorted()
        let longer = literals.filter { $0.count >= 2 }
        guard !literals.isEmpty, !literals.contains(where: \.isEmpty), singleBytes.count <= maxSingles else {
            return .none
        }
        let padded = singleBytes + [Int16](repeating: -1, count: maxSingles - singleBytes.count)
        let singles = (padded[0], padded[1], padded[2], padded[3])
        guard !longer.isEmpty else {
            return LiteralFilter(
                gramLength: 0, slots: nil, slotCount: 0, bitmap: nil, singles: singles, singlesOnly: true)
        }
        return make(longer: longer, singles: singles)
    }

    private static func make(longer literals: [[UInt8]], singles: (Int16, Int16, Int16, Int16))
        -> LiteralFilter
    {
        let shortest = literals.map(\.count).min() ?? 0
        let gramLength = min(shortest, 3)
        let keys = Set(literals.map { LineProfile.windowKey($0[0], $0[1], gramLength == 3 ? $0[2] : nil) })
        let distinct = Set(keys.map { UInt16(LineProfile.tableSlot($0)) })
        if distinct.count > maxSlotsLookedUp {
            let words = 65_536 / 64
            let bitmap = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
            bitmap.initialize(repeating: 0, count: words)
            for key in keys { bitmap[Int(key) >> 6] |= 1 << UInt64(key & 63) }
            return LiteralFilter(
                gramLength: gramLength, slots: nil, slotCount: 0, bitmap: bitmap, singles: singles,
                singlesOnly: false)
        }
        let slots = UnsafeMutablePointer<UInt16>.allocate(capacity: distinct.count)
        slots.initialize(from: distinct.sorted(), count: distinct.count)
        return LiteralFilter(
            gramLength: gramLength, slots: slots, slotCount: distinct.count, bitmap: nil, singles: singles,
            singlesOnly: false)
    }

    deinit {
        slots?.deallocate()
        bitmap?.deallocate()
    }

    /// Whether some literal may start at or after `position` in the profiled line.
    @inline(__always)
    func mayOccur(from position: Int, in line: LineProfile) -> Bool {
        if singles.0 >= 0 {
            let lastIndex = line.lastIndex
            if lastIndex[Int(singles.0)] >= position { return true }
            if singles.1 >= 0, lastIndex[Int(singles.1)] >= position { return true }
            if singles.2 >= 0, lastIndex[Int(singles.2)] >= position { return true }
            if singles.3 >= 0, lastIndex[Int(singles.3)] >= position { return true }
            if singlesOnly { return false }
        }
        if let slots {
            let table = gramLength == 3 ? line.trigramSlots : line.bigramSlots
            let generation = line.generation
            for index in 0..<slotCount {
                let entry = table[Int(slots[index])]
                if entry >> 32 == generation, Int(entry & 0xFFFF_FFFF) >= position { return true }
            }
            return false
        }
        guard let bitmap else { return true }
        let keyAt = gramLength == 3 ? line.trigramKeyAt : line.bigramKeyAt
        var offset = position
        let end = line.count - gramLength
        while offset <= end {
            let key = Int(keyAt[offset])
            if bitmap[key >> 6] & (1 << UInt64(key & 63)) != 0 { return true }
            offset += 1
        }
        return false
    }
}
