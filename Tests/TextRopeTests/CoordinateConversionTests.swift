import TestSupport
import Testing

@testable import TextRope

/// Every conversion between coordinate types goes there and back to where it started, at
/// every place of random texts (multi-byte scalars, surrogate pairs, `\r\n`, lone `\r`), and
/// agrees with Swift's own views of the same string.
@Suite struct CoordinateConversionTests {
    static func texts() -> [String] {
        var random = SeededGenerator(fallback: 0xC00D_0001)
        return ["", "a", "\r\n", "é\r\n😀\rx\n"]
            + (0..<40).map { _ in RandomText.string(maxPieces: 30, using: &random) }
    }

    /// The UTF-8 offsets of the scalar boundaries of `text`, with the UTF-16 and scalar offset
    /// Swift's views give each, and whether it falls between `\r` and `\n`.
    static func boundaries(of text: String) -> [(utf8: Int, utf16: Int, scalars: Int, insideCRLF: Bool)] {
        var result: [(Int, Int, Int, Bool)] = []
        var (utf8, utf16, scalars) = (0, 0, 0)
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            result.append((utf8, utf16, scalars, previous == "\r" && scalar == "\n"))
            utf8 += String(scalar).utf8.count
            utf16 += scalar.utf16.count
            scalars += 1
            previous = scalar
        }
        result.append((utf8, utf16, scalars, false))
        return result
    }

    @Test(arguments: texts())
    func offsetsGoToEveryUnitAndBack(text: String) throws {
        let buffer = TextBuffer(text)
        for boundary in Self.boundaries(of: text) {
            let utf8 = UTF8Offset(boundary.utf8)
            #expect(buffer.utf16Offset(of: utf8) == UTF16Offset(boundary.utf16))
            #expect(buffer.scalarOffset(of: utf8) == ScalarOffset(boundary.scalars))
            if boundary.insideCRLF {
                #expect(throws: TextPositionError.self) {
                    try buffer.utf8Offset(of: UTF16Offset(boundary.utf16))
                }
                continue
            }
            #expect(try buffer.utf8Offset(of: buffer.utf16Offset(of: utf8)) == utf8)
            #expect(try buffer.utf8Offset(of: buffer.scalarOffset(of: utf8)) == utf8)
            #expect(
                buffer.utf16Offset(of: try buffer.utf8Offset(of: UTF16Offset(boundary.utf16))).rawValue
                    == boundary.utf16)
            #expect(
                buffer.scalarOffset(of: try buffer.utf8Offset(of: ScalarOffset(boundary.scalars))).rawValue
                    == boundary.scalars)
            for unit in TextUnit.allCases {
                #expect(try buffer.utf8Offset(buffer.offset(fromUTF8: utf8, to: unit), in: unit) == utf8)
            }
        }
    }

    @Test(arguments: texts())
    func rangesGoToUTF16AndBack(text: String) throws {
        let buffer = TextBuffer(text)
        let places = Self.boundaries(of: text).filter { !$0.insideCRLF }
        for lower in places {
            for upper in places where upper.utf8 >= lower.utf8 && upper.utf8 - lower.utf8 <= 12 {
                let range = UTF8Offset(lower.utf8)..<UTF8Offset(upper.utf8)
                let utf16 = buffer.utf16Range(of: range)
                #expect(utf16.units == lower.utf16..<upper.utf16)
                #expect(try buffer.utf8Range(of: utf16) == range)
                #expect(range.count == upper.utf8 - lower.utf8)
            }
        }
    }

    @Test(arguments: texts())
    func linesGoToOffsetsAndPositionsAndBack(text: String) throws {
        let buffer = TextBuffer(text)
        #expect(buffer.lines.count == buffer.lineCount)
        for line in buffer.lines {
            let start = try buffer.lineStart(line)
            #expect(buffer.lineIndex(containingUTF8: start) == line)
            let bounds = try buffer.lineBounds(line)
            #expect(bounds.start == start)
            #expect(buffer.lineIndex(containingUTF8: bounds.contentEnd) == line)
        }
        for boundary in Self.boundaries(of: text) where !boundary.insideCRLF {
            let utf8 = UTF8Offset(boundary.utf8)
            for unit in TextUnit.allCases {
                let position = buffer.linePosition(ofUTF8: utf8, unit: unit)
                #expect(LineIndex(position.line) == buffer.lineIndex(containingUTF8: utf8))
                #expect(try buffer.utf8Offset(of: position, unit: unit) == utf8)
            }
        }
    }

    @Test(arguments: texts())
    func stretchesMeasureWhatSwiftCountsBetweenTheirBoundaries(text: String) {
        let buffer = TextBuffer(text)
        let boundaries = Self.boundaries(of: text)
        let end = boundaries.last!
        var random = SeededGenerator(fallback: UInt64(text.utf8.count) &+ 0x5EED)
        for _ in 0..<20 {
            // Cuts at random scalar boundaries in order (a repeat is an empty stretch), then a
            // last stretch that reaches the end of the text or goes past it.
            var cuts = [boundaries[Int(random.next() % UInt64(boundaries.count))]]
            for _ in 0..<Int(random.next() % 8) {
                let later = boundaries.filter { $0.utf8 >= cuts.last!.utf8 }
                cuts.append(later[Int(random.next() % UInt64(later.count))])
            }
            cuts.append(end)
            let pairs = Array(zip(cuts, cuts.dropFirst()))
            var lengths = pairs.map { $1.utf8 - $0.utf8 }
            lengths[lengths.count - 1] += Int(random.next() % 5)
            let start = UTF8Offset(cuts[0].utf8)
            #expect(
                buffer.unitLengths(ofUTF8Lengths: lengths, from: start, in: .utf16)
                    == pairs.map { $1.utf16 - $0.utf16 }, "\(lengths)")
            #expect(
                buffer.unitLengths(ofUTF8Lengths: lengths, from: start, in: .utf32)
                    == pairs.map { $1.scalars - $0.scalars }, "\(lengths)")
            #expect(
                buffer.unitLengths(ofUTF8Lengths: lengths + [3, 0], from: start, in: .utf8)
                    == pairs.map { $1.utf8 - $0.utf8 } + [0, 0], "past the end, nothing")
        }
    }

    @Test func offsetArithmeticIsTheIntegers() {
        let offset: UTF8Offset = 10
        #expect(offset + 5 == 15)
        #expect(offset - 3 == 7)
        #expect(UTF8Offset(15) - offset == 5)
        #expect((offset..<UTF8Offset(14)).count == 4)
        #expect(Array(UTF8Offset(2)..<4) == [2, 3])
        let line: LineIndex = 3
        #expect(line + 2 == LineIndex(5))
        #expect(LineIndex(5) - line == 2)
        #expect(Range(numbers: 1..<3).numbers == 1..<3)
        #expect(Range(bytes: 4..<9).bytes == 4..<9)
    }
}
