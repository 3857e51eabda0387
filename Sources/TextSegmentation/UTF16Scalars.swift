/// The scalars of a range of UTF-16 code units, decoded without copying; a lone surrogate
/// reads as U+FFFD.
struct UTF16Scalars: Sequence, IteratorProtocol {
    let units: UnsafeBufferPointer<UInt16>
    var index: Int
    let end: Int

    init(units: UnsafeBufferPointer<UInt16>, range: Range<Int>) {
        self.units = units
        index = range.lowerBound
        end = Swift.min(range.upperBound, units.count)
    }

    mutating func next() -> Unicode.Scalar? {
        guard index < end else { return nil }
        let unit = units[index]
        index += 1
        if UTF16.isLeadSurrogate(unit), index < end, UTF16.isTrailSurrogate(units[index]) {
            let value = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(units[index]) - 0xDC00)
            index += 1
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }
}
