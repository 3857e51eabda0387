import Testing

@testable import TextRope

/// The word-at-a-time chunk summary against the byte-at-a-time one it replaced.
struct UTF8ScanningTests {
    /// Bytes that matter to a summary: line breaks, ASCII, leads of two, three and four bytes,
    /// continuations, and bytes no valid text holds.
    static let alphabet: [UInt8] = [
        0x0A, 0x0D, 0x20, 0x61, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xEF, 0xF0, 0xF4, 0xF8, 0xFF,
    ]

    @Test func theSummaryOfAnyRangeOfAnyBytesIsTheByteByByteOne() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let count = Int.random(in: 0..<80, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? Self.alphabet.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            let lower = Int.random(in: 0...count, using: &generator)
            let upper = Int.random(in: lower...count, using: &generator)
            let follows = Bool.random(using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(
                    UTF8Scanning.summary(of: buffer, lower..<upper, lineFeedFollows: follows)
                        == UTF8Scanning.summaryByteByByte(of: buffer, lower..<upper, lineFeedFollows: follows),
                    "\(bytes) \(lower)..<\(upper) \(follows)")
            }
        }
    }

    @Test func lineBreaksAcrossWordBoundariesAreCountedOnce() {
        // A CRLF pair at every offset relative to the eight-byte words.
        for offset in 0..<17 {
            let bytes =
                Array(repeating: UInt8(ascii: "x"), count: offset) + [0x0D, 0x0A] + Array("é😀\r\r\n\n".utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let summary = UTF8Scanning.summary(of: buffer, 0..<buffer.count)
                #expect(summary.lineBreaks == 4, "offset \(offset)")
                #expect(summary.utf16 == offset + 2 + 1 + 2 + 4)
                #expect(summary == UTF8Scanning.summaryByteByByte(of: buffer, 0..<buffer.count))
            }
        }
    }

    /// Valid text mixing ASCII runs of every length with scalars of two, three and four bytes,
    /// so that every kind of byte falls at every place of an eight-byte word.
    @Test func unitCountsAtEveryScalarBoundaryAreSwiftsOwn() {
        let pieces = ["a", "bcdefgh", "0123456789abcdef", "é", "日", "😀", "\r\n", "ß𝄞"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0..<24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let bytes = Array(text.utf8)
            var utf16 = 0
            var scalars = 0
            var offset = 0
            bytes.withUnsafeBufferPointer { buffer in
                for scalar in text.unicodeScalars {
                    #expect(
                        UTF8Scanning.unitCount(in: buffer, upTo: offset, unit: .utf16) == utf16,
                        "\(text) \(offset)")
                    #expect(
                        UTF8Scanning.unitCount(in: buffer, upTo: offset, unit: .utf32) == scalars,
                        "\(text) \(offset)")
                    offset += String(scalar).utf8.count
                    utf16 += scalar.utf16.count
                    scalars += 1
                }
                #expect(
                    UTF8Scanning.unitCount(in: buffer, upTo: bytes.count, unit: .utf16) == text.utf16.count)
                #expect(UTF8Scanning.unitCount(in: buffer, upTo: bytes.count, unit: .utf32) == scalars)
            }
        }
    }
}
