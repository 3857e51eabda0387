/// A test of whether a line may hold one of a pattern's required literals
/// (`TranslatedPattern.requiredLiterals`) at or after a search start, without calling PCRE2.
///
/// Each literal is represented by its first two or three bytes (three when every literal has
/// three), hashed to a slot of the line's window table (`LineProfile`), which holds, per slot,
/// the last offset where a window of the line hashed there. A present literal's window always
/// left an offset at or after the search start in its slot, so when none of the literals'
/// slots has one, no literal is there; a hit may be a collision, and PCRE2 then decides.
struct LiteralFilter: @unchecked Sendable {
    /// 2 or 3; 0 when the pattern has no usable literals and every line passes.
    let gramLength: Int
    private let slots: UnsafeMutablePointer<UInt16>?
    private let slotCount: Int

    /// A filter that lets every line pass.
    static let none = LiteralFilter(gramLength: 0, slots: nil, slotCount: 0)

    /// A filter for `literals`; its slots must be freed with `deallocate()` by the owner.
    static func make(_ literals: [[UInt8]]) -> LiteralFilter {
        let shortest = literals.map(\.count).min() ?? 0
        guard shortest >= 2 else { return .none }
        let gramLength = min(shortest, 3)
        var distinct: [UInt16] = []
        for literal in literals {
            let slot = UInt16(
                LineProfile.windowSlot(literal[0], literal[1], gramLength == 3 ? literal[2] : nil))
            if !distinct.contains(slot) { distinct.append(slot) }
        }
        let slots = UnsafeMutablePointer<UInt16>.allocate(capacity: distinct.count)
        slots.initialize(from: distinct, count: distinct.count)
        return LiteralFilter(gramLength: gramLength, slots: slots, slotCount: distinct.count)
    }

    /// Frees the slots.
    func deallocate() {
        slots?.deallocate()
    }

    /// Whether some literal may start at or after `position` in the profiled line.
    @inline(__always)
    func mayOccur(from position: Int, in line: LineProfile) -> Bool {
        guard let slots else { return true }
        let table = gramLength == 3 ? line.trigramSlots : line.bigramSlots
        let generation = line.generation
        for index in 0..<slotCount {
            let entry = table[Int(slots[index])]
            if entry >> 32 == generation, Int(entry & 0xFFFF_FFFF) >= position { return true }
        }
        return false
    }
}
