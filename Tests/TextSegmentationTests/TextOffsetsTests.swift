import Testing
import TextSegmentation

@Suite("TextOffsets")
struct TextOffsetsTests {
    let text = "aé日👍b"

    @Test func convertsEveryScalarBoundaryBothWays() {
        var utf8 = 0
        var utf16 = 0
        for scalar in text.unicodeScalars {
            #expect(TextOffsets.utf16Offset(fromUTF8: utf8, in: text) == utf16)
            #expect(TextOffsets.utf8Offset(fromUTF16: utf16, in: text) == utf8)
            utf8 += UTF8.width(scalar)
            utf16 += UTF16.width(scalar)
        }
        #expect(TextOffsets.utf16Offset(fromUTF8: utf8, in: text) == utf16)
    }

    @Test func offsetsInsideAScalarRoundDown() {
        // "日" is bytes 3..<6 and UTF-16 unit 2; 👍 is bytes 6..<10 and units 3..<5.
        #expect(TextOffsets.utf16Offset(fromUTF8: 4, in: text) == 2)
        #expect(TextOffsets.utf8Offset(fromUTF16: 4, in: text) == 6)
        #expect(TextOffsets.utf16Offset(fromUTF8: 99, in: text) == text.utf16.count)
    }
}
