import TestSupport
import Testing

@testable import Rendering

/// `UTF16OffsetCursor` against counting the UTF-16 units of the scalars that start before each
/// offset, for offsets visited forwards, backwards a little, backwards far and inside scalars.
struct UTF16OffsetCursorTests {
    @Test func everyOffsetInAnyOrderIsTheCountOfTheScalarsBeforeIt() {
        let text = String(repeating: "aé😀日\r\n", count: 200)
        let bytes = Array(text.utf8)
        // The oracle: UTF-16 units of the scalars whose first byte lies before the offset.
        var expected = [Int](repeating: 0, count: bytes.count + 1)
        var starts: [(utf8: Int, utf16: Int)] = []
        var utf8 = 0
        for scalar in text.unicodeScalars {
            starts.append((utf8, UTF16.width(scalar)))
            utf8 += UTF8.width(scalar)
        }
        var next = 0
        var units = 0
        for offset in 0...bytes.count {
            while next < starts.count, starts[next].utf8 < offset {
                units += starts[next].utf16
                next += 1
            }
            expected[offset] = units
        }
        var cursor = UTF16OffsetCursor(bytes: bytes)
        var generator = SeededGenerator(seed: 7)
        var offset = 0
        for _ in 0..<5_000 {
            switch generator.next() % 4 {
            case 0: offset = Int(generator.next() % UInt64(bytes.count + 1))
            case 1: offset = max(0, offset - Int(generator.next() % 9))
            default: offset = min(bytes.count, offset + Int(generator.next() % 40))
            }
            #expect(cursor.utf16Offset(atUTF8: offset) == expected[offset], "offset \(offset)")
        }
        #expect(cursor.utf16Offset(atUTF8: -3) == 0)
        #expect(cursor.utf16Offset(atUTF8: bytes.count + 10) == expected[bytes.count])
    }
}
