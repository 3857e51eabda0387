import DocumentStorage
import TextRope

/// Converts UTF-8 measures of the storage into the negotiated encoding.
struct UnitMeasure {
    let text: TextBuffer
    let unit: TextUnit

    /// An offset in the negotiated unit.
    func offset(_ utf8: UTF8Offset) -> Int { text.offset(fromUTF8: utf8, to: unit) }

    /// The lengths, in the negotiated unit, of consecutive UTF-8 stretches starting at `start`.
    ///
    /// Short stretches are measured by one pass over their bytes (cheaper than a rope seek per
    /// boundary); a long one (the unhighlighted rest of a large document just opened) by a seek
    /// to its end, so a 10 MB push does not copy and scan 10 MB.
    func lengths(of utf8Lengths: [Int], from start: UTF8Offset) -> [Int] {
        guard unit != .utf8 else { return utf8Lengths }
        var result: [Int] = []
        result.reserveCapacity(utf8Lengths.count)
        var position = start
        var unitPosition = offset(start)
        var index = 0
        while index < utf8Lengths.count {
            if utf8Lengths[index] > Self.seekThreshold {
                let end = position + utf8Lengths[index]
                let unitEnd = offset(end)
                result.append(unitEnd - unitPosition)
                (position, unitPosition, index) = (end, unitEnd, index + 1)
                continue
            }
            var batchEnd = index
            var batchLength = 0
            while batchEnd < utf8Lengths.count, utf8Lengths[batchEnd] <= Self.seekThreshold {
                batchLength += utf8Lengths[batchEnd]
                batchEnd += 1
            }
            let counts = text.unitLengths(
                ofUTF8Lengths: utf8Lengths[index..<batchEnd], from: position, in: unit)
            result += counts
            unitPosition += counts.reduce(0, +)
            (position, index) = (position + batchLength, batchEnd)
        }
        return result
    }

    /// Stretches longer than this many bytes are measured by a rope seek.
    static let seekThreshold = 4096

    /// A UTF-8 range as `{offset, length}` in the negotiated unit.
    func range(_ range: Range<UTF8Offset>) -> (offset: Int, length: Int) {
        let lower = offset(range.lowerBound)
        return (lower, offset(range.upperBound) - lower)
    }
}
