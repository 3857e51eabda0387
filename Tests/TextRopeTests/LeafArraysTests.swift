import TestSupport
import Testing

@testable import TextRope

/// `replaceLeafSubrange`: a rope leaf's array keeps at most its spare room through edits, where
/// `replaceSubrange` doubles an array that grows and keeps the room of one that shrinks.
///
/// The arrays are large enough that doubling is hundreds of elements, and the allocator's own
/// rounding a few: glibc rounds a request up to 16 bytes and may hand out a free chunk up to 31
/// bytes larger rather than split it, so at most 47 bytes, 5 elements of 8 bytes.
@Suite struct LeafArraysTests {
    static let allocatorSlack = 5
    static let spare = 8

    static func array(count: Int, room: Int) -> [UInt64] {
        var array: [UInt64] = []
        array.reserveCapacity(room)
        array.append(contentsOf: (0..<UInt64(count)))
        return array
    }

    @Test func anArrayGrownAndShrunkByEditsKeepsAtMostItsSpareRoom() {
        var generator = SeededGenerator(fallback: 0x1EAF)
        var array = Self.array(count: 1_000, room: 1_000)
        var model = array
        for step in 0..<4_000 {
            let growing = step < 2_000
            let lower = Int.random(in: 0...array.count, using: &generator)
            let upper = min(array.count, lower + Int.random(in: 0...(growing ? 1 : 4), using: &generator))
            let inserted = (0..<Int.random(in: 0...(growing ? 4 : 1), using: &generator)).map { _ in
                UInt64(step)
            }
            array.replaceLeafSubrange(lower..<upper, with: inserted, spare: Self.spare, limit: 100_000)
            model.replaceSubrange(lower..<upper, with: inserted)
            #expect(array == model, "step \(step)")
            #expect(
                array.capacity - array.count <= Self.spare + Self.allocatorSlack,
                "step \(step): \(array.count) elements in room for \(array.capacity)")
        }
    }

    @Test func aSharedArrayIsCopiedWithoutDoubledRoomAndTheOtherHolderKeepsItsElements() {
        // Room for a few more, so that an insertion would splice in place if it were not shared.
        var array = Self.array(count: 1_000, room: 1_004)
        let other = array
        array.replaceLeafSubrange(500..<500, with: [7], spare: Self.spare, limit: 100_000)
        #expect(array.count == 1_001)
        #expect(array[500] == 7)
        #expect(
            array.capacity - array.count <= Self.spare + Self.allocatorSlack, "room for \(array.capacity)")
        #expect(other == Array(0..<1_000))
    }

    @Test func aRebuiltArrayGetsNoRoomPastItsLimit() {
        var array = Self.array(count: 1_000, room: 1_000)
        array.replaceLeafSubrange(0..<0, with: [1, 2], spare: 64, limit: 1_010)
        #expect(array.count == 1_002)
        #expect(array.capacity <= 1_010 + Self.allocatorSlack, "room for \(array.capacity)")
        // Past the limit (which the leaf types never ask for), the elements still fit.
        array.replaceLeafSubrange(0..<0, with: Array(repeating: 0, count: 20), spare: 64, limit: 1_010)
        #expect(array.count == 1_022)
    }
}
