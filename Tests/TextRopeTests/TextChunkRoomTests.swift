import TestSupport
import Testing

@testable import TextRope

/// A text rope's leaves are kept for as long as the document is open, so the room their
/// arrays hold beyond their bytes is memory the daemon keeps (issue 29's soak).
@Suite struct TextChunkRoomTests {
    /// What the allocator may add to a request (glibc rounds chunks to 16 bytes).
    static let allocatorRounding = 15

    @Test func aLeafNeverHoldsMoreThanItsSpareRoomAfterEdits() {
        var generator = SeededGenerator(fallback: 0x7E47)
        let maximum = TextChunk.maximumCount
        var chunk = TextChunk(bytes: Array("a".utf8))
        var model = chunk.bytes
        for step in 0..<3_000 {
            let lower = Int.random(in: 0...model.count, using: &generator)
            let upper = min(model.count, lower + Int.random(in: 0...maximum, using: &generator))
            let inserted = Array(
                repeating: UInt8(ascii: "x"), count: Int.random(in: 0...3, using: &generator))
            let newCount = model.count - (upper - lower) + inserted.count
            let spliced = inserted.withUnsafeBufferPointer { chunk.replaceBytes(lower..<upper, with: $0) }
            #expect(spliced == (newCount > 0 && newCount <= maximum))
            guard spliced else { continue }
            model.replaceSubrange(lower..<upper, with: inserted)
            #expect(chunk.bytes == model)
            #expect(chunk.summary.utf8 == model.count)
            #expect(
                chunk.bytes.capacity - chunk.bytes.count <= TextChunk.spareBytes + Self.allocatorRounding,
                "step \(step): \(chunk.bytes.count) bytes in room for \(chunk.bytes.capacity)")
        }
    }
}
