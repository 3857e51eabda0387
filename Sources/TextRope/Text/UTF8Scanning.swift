/// Counting and seeking over UTF-8 bytes, shared by text chunks and the text buffer.
///
/// Bytes are assumed to be valid UTF-8: lead bytes start scalars, `0b10xx_xxxx` bytes continue
/// them, and a 4-byte sequence (lead `>= 0xF0`) is one scalar but two UTF-16 code units.
enum UTF8Scanning {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// Whether `byte` continues a multi-byte sequence.
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The summary of `bytes[range]`, with `\r` at its end counted as a lone break unless
    /// `lineFeedFollows`.
    static func summary(
        of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineFeedFollows: Bool = false
    ) -> TextSummary {
        var utf16 = 0
        var scalars = 0
        var lineFeeds = 0
        var carriageReturns = 0
        var crlfPairs = 0
        var previous: UInt8 = 0
        for index in range {
            let byte = bytes[index]
            if !isContinuation(byte) {
                scalars += 1
                utf16 += byte >= 0xF0 ? 2 : 1
            }
            if byte == lineFeed {
                lineFeeds += 1
                if previous == carriageReturn { crlfPairs += 1 }
            } else if byte == carriageReturn {
                carriageReturns += 1
            }
            previous = byte
        }
        let trailingPair = lineFeedFollows && previous == carriageReturn && !range.isEmpty ? 1 : 0
        return TextSummary(
            utf8: range.count,
            utf16: utf16,
            scalars: scalars,
            lineBreaks: lineFeeds + carriageReturns - crlfPairs - trailingPair,
            startsWithLineFeed: !range.isEmpty && bytes[range.lowerBound] == lineFeed,
            endsWithCarriageReturn: !range.isEmpty && bytes[range.upperBound - 1] == carriageReturn
        )
    }

    /// The byte offset in `bytes` reached after `count` units of `unit`, or nil if the count
    /// lands inside a scalar (the second half of a surrogate pair) or past the end.
    static func byteOffset(in bytes: UnsafeBufferPointer<UInt8>, advancing count: Int, in unit: TextUnit)
        -> Int?
    {
        switch unit {
        case .utf8:
            guard count <= bytes.count else { return nil }
            return count
        case .utf16, .utf32:
            var remaining = count
            var index = 0
            while remaining > 0 {
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                let width = sequenceLength(lead: byte)
                let units = unit == .utf16 && width == 4 ? 2 : 1
                if units > remaining { return nil }
                remaining -= units
                index += width
            }
            return min(index, bytes.count)
        }
    }

    /// How many units of `unit` the bytes before `offset` hold.
    static func unitCount(in bytes: UnsafeBufferPointer<UInt8>, upTo offset: Int, unit: TextUnit) -> Int {
        switch unit {
        case .utf8: return offset
        case .utf16, .utf32:
            var total = 0
            for index in 0..<offset {
                let byte = bytes[index]
                if !isContinuation(byte) { total += unit == .utf16 && byte >= 0xF0 ? 2 : 1 }
            }
            return total
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for stray continuation bytes).
    @inline(__always)
    static func sequenceLength(lead byte: UInt8) -> Int {
        if byte < 0xC0 { return 1 }
        if byte < 0xE0 { return 2 }
        if byte < 0xF0 { return 3 }
        return 4
    }
}
