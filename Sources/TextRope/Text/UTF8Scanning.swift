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
    ///
    /// Eight bytes at a time (`WordCounts`): every chunk of an opened document is summarized,
    /// and a byte at a time this was the largest part of building a 10 MB document's rope.
    static func summary(
        of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineFeedFollows: Bool = false
    ) -> TextSummary {
        var counts = Counts()
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= range.upperBound {
                counts.add(
                    word: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
        }
        while index < range.upperBound {
            counts.add(byte: bytes[index])
            index += 1
        }
        return counts.summary(
            of: bytes, range,
            trailingPair: lineFeedFollows && counts.previous == carriageReturn && !range.isEmpty)
    }

    /// The summary of `bytes[range]` a byte at a time: what `summary` computes, kept as its
    /// model for tests.
    static func summaryByteByByte(
        of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineFeedFollows: Bool = false
    ) -> TextSummary {
        var counts = Counts()
        for index in range { counts.add(byte: bytes[index]) }
        return counts.summary(
            of: bytes, range,
            trailingPair: lineFeedFollows && counts.previous == carriageReturn && !range.isEmpty)
    }

    /// What a summary counts, gathered a byte or a word at a time.
    private struct Counts {
        var utf16 = 0
        var scalars = 0
        var lineFeeds = 0
        var carriageReturns = 0
        var crlfPairs = 0
        var previous: UInt8 = 0

        static let highBits: UInt64 = 0x8080_8080_8080_8080
        static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        static let ones: UInt64 = 0x0101_0101_0101_0101

        mutating func add(byte: UInt8) {
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

        /// The high bit of each byte of `word` that is zero (exact: no borrow between bytes).
        @inline(__always)
        static func zeroBytes(_ word: UInt64) -> UInt64 {
            ~(((word & lowBits) &+ lowBits) | word | lowBits)
        }

        /// The high bit of each byte of `word` equal to `byte`.
        @inline(__always)
        static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
            zeroBytes(word ^ (ones &* UInt64(byte)))
        }

        /// Eight bytes, the first in the low byte of `word`.
        @inline(__always)
        mutating func add(word: UInt64) {
            if word & Self.highBits == 0 {
                scalars += 8
                utf16 += 8
            } else {
                // Continuation bytes are 10xxxxxx; leads of four bytes 1111xxxx (two UTF-16 units).
                let continuations = Self.bytes(word & 0xC0C0_C0C0_C0C0_C0C0, equalTo: 0x80)
                let fourByteLeads = Self.bytes(word & 0xF0F0_F0F0_F0F0_F0F0, equalTo: 0xF0)
                let starts = 8 - continuations.nonzeroBitCount
                scalars += starts
                utf16 += starts + fourByteLeads.nonzeroBitCount
            }
            // Line feeds and carriage returns (0x0A, 0x0D) only where some byte is below 0x0E:
            // this test has no false negatives, and most words of code have no line break.
            if (word &- Self.ones &* 0x0E) & ~word & Self.highBits != 0 {
                let lineFeedBits = Self.bytes(word, equalTo: lineFeed)
                let returnBits = Self.bytes(word, equalTo: carriageReturn)
                lineFeeds += lineFeedBits.nonzeroBitCount
                carriageReturns += returnBits.nonzeroBitCount
                crlfPairs += ((returnBits << 8) & lineFeedBits).nonzeroBitCount
                if previous == carriageReturn && lineFeedBits & 0x80 != 0 { crlfPairs += 1 }
            }
            previous = UInt8(truncatingIfNeeded: word >> 56)
        }

        func summary(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingPair: Bool)
            -> TextSummary
        {
            TextSummary(
                utf8: range.count,
                utf16: utf16,
                scalars: scalars,
                lineBreaks: lineFeeds + carriageReturns - crlfPairs - (trailingPair ? 1 : 0),
                startsWithLineFeed: !range.isEmpty && bytes[range.lowerBound] == lineFeed,
                endsWithCarriageReturn: !range.isEmpty && bytes[range.upperBound - 1] == carriageReturn
            )
        }
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
            var index = 0
            // Eight bytes at a time: every byte but a continuation byte (10xxxxxx) starts a
            // scalar, and a lead byte of four (11110xxx) starts one of two UTF-16 units. The
            // shifts line each byte's lower bits up under its own top bit; what a shift carries
            // into the next byte lands below that byte's top bit and is masked away.
            if let base = bytes.baseAddress, offset >= 8 {
                let raw = UnsafeRawPointer(base)
                let topBits: UInt64 = 0x8080_8080_8080_8080
                while index + 8 <= offset {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if word & topBits == 0 {
                        total += 8
                    } else {
                        total += 8 - (word & ~(word << 1) & topBits).nonzeroBitCount
                        if unit == .utf16 {
                            total +=
                                (word & (word << 1) & (word << 2) & (word << 3) & topBits).nonzeroBitCount
                        }
                    }
                    index += 8
                }
            }
            while index < offset {
                let byte = bytes[index]
                if !isContinuation(byte) { total += unit == .utf16 && byte >= 0xF0 ? 2 : 1 }
                index += 1
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
