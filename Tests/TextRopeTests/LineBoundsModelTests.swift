import TestSupport
import Testing

@testable import TextRope

/// Line starts and bounds (found by line number, and from a line's start) agree with a naive split of the text's bytes (`\n`, `\r\n` and a lone
/// `\r` each end a line), on buffers built by random edits. Debug builds keep 16-byte leaves,
/// so terminators, `\r\n` pairs among them, fall across leaf boundaries in every way.
@Suite struct LineBoundsModelTests {
    /// The bounds of every line of `bytes`, found by walking them once.
    static func naiveBounds(of bytes: [UInt8]) -> [LineBounds] {
        var result: [LineBounds] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                let crlf = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
                let end = index + (crlf ? 2 : 1)
                result.append(
                    LineBounds(start: UTF8Offset(start), contentEnd: UTF8Offset(index), end: UTF8Offset(end)))
                start = end
                index = end
            } else {
                index += 1
            }
        }
        result.append(
            LineBounds(
                start: UTF8Offset(start), contentEnd: UTF8Offset(bytes.count), end: UTF8Offset(bytes.count)))
        return result
    }

    @Test(arguments: [UInt64(0x11E5_0001), 0x11E5_0002, 0x11E5_0003, 0x11E5_0004])
    func boundsOfEveryLineMatchANaiveSplitThroughRandomEdits(seed: UInt64) throws {
        var random = SeededGenerator(fallback: seed)
        var buffer = TextBuffer()
        var model: [UInt8] = []
        for _ in 0..<120 {
            // Insert a random piece at a random scalar boundary, or delete a short stretch.
            let scalarStarts = Self.scalarStarts(of: model)
            let lower = scalarStarts.randomElement(using: &random) ?? 0
            let deletes = Bool.random(using: &random) && lower < model.count
            let upper =
                deletes
                ? (scalarStarts.filter { $0 > lower && $0 <= lower + 6 }.randomElement(using: &random)
                    ?? lower) : lower
            let inserted = deletes ? "" : RandomText.string(maxPieces: 12, using: &random)
            buffer.replace(UTF8Offset(lower)..<UTF8Offset(upper), with: inserted)
            model.replaceSubrange(lower..<upper, with: Array(inserted.utf8))

            let expected = Self.naiveBounds(of: model)
            #expect(buffer.lineCount == expected.count)
            for (line, bounds) in expected.enumerated() {
                #expect(try buffer.lineStart(LineIndex(line)) == bounds.start)
                #expect(try buffer.lineBounds(LineIndex(line)) == bounds)
                #expect(buffer.lineBounds(startingAt: bounds.start) == bounds)
            }
        }
    }

    /// The offsets where a scalar starts, and the end.
    static func scalarStarts(of bytes: [UInt8]) -> [Int] {
        bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 } + [bytes.count]
    }
}
