import Testing
import TextRope

@testable import DocumentStorage

/// Runs keep their lengths in 32 bits, so the storage refuses to grow past what they can hold.
@Suite struct TextLengthLimitTests {
    @Test func aSyntaxRunTakesEightBytes() {
        // The syntax layer is most of an open document's memory; this is what halves it.
        #expect(MemoryLayout<AttributeRun<StyleID>>.stride == 8)
        #expect(MemoryLayout<AttributeRun<BracketMark?>>.stride <= 12)
    }

    @Test func theLimitIsWhatThirtyTwoBitRunsHold() {
        #expect(TextStorage.maximumLength == Int(UInt32.max))
        var run = AttributeRun(length: TextStorage.maximumLength, value: StyleID.plain)
        #expect(run.length == TextStorage.maximumLength)
        run.length = 3
        #expect(run.length == 3)
    }

    @Test func aNegativeLengthMakesAnEmptyRunThatMergingDrops() {
        var runs = [AttributeRun(length: 2, value: StyleID(rawValue: 1))]
        runs.appendMerging(AttributeRun(length: -5, value: StyleID(rawValue: 2)))
        #expect(runs == [AttributeRun(length: 2, value: StyleID(rawValue: 1))])
    }

    @Test func anEditPastTheLimitIsRejectedAndChangesNothing() throws {
        let storage = TextStorage("0123456789")
        storage.lengthLimit = 12
        storage.setSyntaxRuns([AttributeRun(length: 10, value: StyleID(rawValue: 4))], at: 0)
        _ = storage.takeAttributeChanges()

        #expect(throws: StorageError.textTooLong(length: 13, limit: 12)) {
            try storage.replaceCharacters(in: 0..<0, with: "abc")
        }
        // A batch whose second edit goes past the limit applies neither.
        #expect(throws: StorageError.textTooLong(length: 13, limit: 12)) {
            try storage.applyEdits(
                [TextEdit(location: 0, length: 0, text: "ab"), TextEdit(location: 0, length: 0, text: "c")],
                unit: .utf8)
        }
        #expect(throws: StorageError.textTooLong(length: 13, limit: 12)) {
            try storage.applyEdits([PositionEdit(range: nil, text: "0123456789abc")], unit: .utf16)
        }
        #expect(storage.string == "0123456789")
        #expect(storage.syntaxRuns(in: 0..<10) == [AttributeRun(length: 10, value: StyleID(rawValue: 4))])
        #expect(storage.transactionCount == 0)

        // Up to the limit, and replacing text, is fine.
        try storage.replaceCharacters(in: 0..<1, with: "abc")
        #expect(storage.string == "abc123456789")
        try storage.applyEdits([TextEdit(location: 0, length: 3, text: "x")], unit: .utf8)
        #expect(storage.string == "x123456789")
    }
}
