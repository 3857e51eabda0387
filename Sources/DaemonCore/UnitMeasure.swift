import DocumentStorage
import TextRope

/// Converts UTF-8 measures of the storage into the negotiated encoding.
struct UnitMeasure {
    let text: TextBuffer
    let unit: TextUnit

    /// An offset in the negotiated unit.
    func offset(_ utf8: Int) -> Int { text.offset(fromUTF8: utf8, to: unit) }

    /// The lengths, in the negotiated unit, of consecutive UTF-8 stretches starting at `start`.
    ///
    /// One pass over the bytes of the whole stretch, rather than a rope seek per boundary.
    func lengths(of utf8Lengths: [Int], from start: Int) -> [Int] {
        guard unit != .utf8 else { return utf8Lengths }
        let total = utf8Lengths.reduce(0, +)
        let bytes = Array(text.substring(start..<(start + total)).utf8)
        var result: [Int] = []
        result.reserveCapacity(utf8Lengths.count)
        var index = 0
        for length in utf8Lengths {
            var count = 0
            let end = min(index + length, bytes.count)
            while index < end {
                let byte = bytes[index]
                if byte & 0xC0 != 0x80 { count += unit == .utf16 && byte >= 0xF0 ? 2 : 1 }
                index += 1
            }
            result.append(count)
        }
        return result
    }

    /// A UTF-8 range as `{offset, length}` in the negotiated unit.
    func range(_ range: Range<Int>) -> (offset: Int, length: Int) {
        let lower = offset(range.lowerBound)
        return (lower, offset(range.upperBound) - lower)
    }
}
