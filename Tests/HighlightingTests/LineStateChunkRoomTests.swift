import TestSupport
import Testing

@testable import Highlighting

/// A line store's leaves are kept for as long as the document is open, so the room their
/// arrays hold beyond their entries is memory the daemon keeps (issue 29's soak).
@Suite struct LineStateChunkRoomTests {
    @Test func aLeafNeverHoldsMoreThanItsSpareRoomAfterLinesAreInsertedAndDeleted() {
        var generator = SeededGenerator(fallback: 0x5BA2E)
        let maximum = LineStateChunk<Int>.maximumEntries
        var chunk = LineStateChunk<Int>([LineEntry(endState: 0, isValid: true)])
        var model = chunk.entries
        for step in 0..<3_000 {
            let lower = Int.random(in: 0...model.count, using: &generator)
            let upper = min(model.count, lower + Int.random(in: 0...maximum, using: &generator))
            let inserted = (0..<Int.random(in: 0...2, using: &generator)).map {
                LineEntry(endState: step + $0, isValid: Bool.random(using: &generator))
            }
            let newCount = model.count - (upper - lower) + inserted.count
            let replacement = inserted.isEmpty ? nil : LineStateChunk(inserted)
            let spliced = chunk.replaceInPlace(lower..<upper, with: replacement, isLastLeaf: true)
            #expect(spliced == (newCount > 0 && newCount <= maximum))
            guard spliced else { continue }
            model.replaceSubrange(lower..<upper, with: inserted)
            #expect(chunk.entries == model)
            #expect(chunk.invalidCount == model.filter { !$0.isValid }.count)
            // An entry is 16 bytes: the allocator's rounding adds no room for another one.
            #expect(
                chunk.entries.capacity - chunk.entries.count <= LineStateChunk<Int>.spareEntries,
                "step \(step): \(chunk.entries.count) entries in room for \(chunk.entries.capacity)")
        }
    }

    @Test func joinedLeavesHoldExactlyTheirEntries() {
        let left = LineStateChunk<Int>([LineEntry(endState: 1, isValid: true)])
        let right = LineStateChunk<Int>((0..<2).map { LineEntry(endState: $0, isValid: false) })
        let joined = left.appending(right)
        #expect(joined.entries.map(\.endState) == [1, 0, 1])
        #expect(joined.invalidCount == 2)
        #expect(joined.entries.capacity == 3)
    }
}
