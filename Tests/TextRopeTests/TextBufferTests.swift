import Testing
import TextRope

@Suite struct TextBufferTests {
    @Test func crlfIsOneTerminatorEvenWhenSplitAcrossEdits() throws {
        var buffer = TextBuffer("ab\rcd")
        #expect(buffer.lineCount == 2)
        buffer.replace(3..<3, with: "\n")
        #expect(buffer.string == "ab\r\ncd")
        #expect(buffer.lineCount == 2)
        #expect(try buffer.lineStart(1) == 4)
        #expect(try buffer.lineBounds(0) == LineBounds(start: 0, contentEnd: 2, end: 4))
    }

    @Test func offsetsBetweenCarriageReturnAndLineFeedAreRejected() {
        let buffer = TextBuffer("a\r\nb")
        #expect(throws: TextPositionError.insideLineTerminator(offset: 2, unit: .utf8)) {
            try buffer.utf8Offset(2, in: .utf8)
        }
    }

    @Test func surrogatePairHalvesAreRejectedInUTF16() throws {
        let buffer = TextBuffer("x😀y")
        #expect(try buffer.utf8Offset(3, in: .utf16) == 5)
        #expect(throws: TextPositionError.insideScalar(offset: 2, unit: .utf16)) {
            try buffer.utf8Offset(2, in: .utf16)
        }
    }

    @Test func characterPastLineEndClampsToContentEnd() throws {
        let buffer = TextBuffer("ab\ncd")
        #expect(try buffer.utf8Offset(of: LinePosition(line: 0, character: 99), unit: .utf16) == 2)
        #expect(throws: TextPositionError.lineOutOfBounds(line: 2, lineCount: 2)) {
            try buffer.utf8Offset(of: LinePosition(line: 2, character: 0), unit: .utf16)
        }
    }

    @Test func largeInsertionsBuildABalancedTree() {
        let text = String(repeating: "line of text\n", count: 5000)
        var buffer = TextBuffer()
        buffer.replace(0..<0, with: text)
        #expect(buffer.string == text)
        #expect(buffer.lineCount == 5001)
        // Logarithmic height: with tiny debug leaves, 65 KB needs ~4000 leaves → height ≤ 8.
        #expect(buffer.treeHeight <= 10)
    }
}
