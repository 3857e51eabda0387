extension TextBuffer {
    /// The UTF-8 offset of `offset` counted in `unit`, validated: it must lie within the text,
    /// on a scalar boundary, and not between `\r` and `\n`.
    /// - Complexity: O(log n).
    public func utf8Offset(_ offset: Int, in unit: TextUnit) throws(TextPositionError) -> UTF8Offset {
        UTF8Offset(try rawUTF8Offset(offset, in: unit))
    }

    func rawUTF8Offset(_ offset: Int, in unit: TextUnit) throws(TextPositionError) -> Int {
        let length = count(in: unit)
        guard offset >= 0 && offset <= length else {
            throw .outOfBounds(offset: offset, unit: unit, length: length)
        }
        if unit == .utf8 {
            guard offset < utf8Count, let leaf = rope.seekLeaf(where: { $0.utf8 > offset }) else {
                return offset
            }
            let local = offset - leaf.start
            let byte = leaf.chunk.bytes[local]
            if UTF8Scanning.isContinuation(byte) { throw .insideScalar(offset: offset, unit: unit) }
            let previousIsCarriageReturn =
                local > 0
                ? leaf.chunk.bytes[local - 1] == UTF8Scanning.carriageReturn
                : leaf.prefix.endsWithCarriageReturn
            if previousIsCarriageReturn && byte == UTF8Scanning.lineFeed {
                throw .insideLineTerminator(offset: offset, unit: unit)
            }
            return offset
        }
        guard let leaf = rope.seekLeaf(where: { $0.count(in: unit) >= offset }) else { return 0 }
        let remaining = offset - leaf.prefix.count(in: unit)
        let bytes = leaf.chunk.bytes
        let local = bytes.withUnsafeBufferPointer {
            UTF8Scanning.byteOffset(in: $0, advancing: remaining, in: unit)
        }
        guard let local else { throw .insideScalar(offset: offset, unit: unit) }
        // Only a `\r` just before the offset can make it fall inside `\r\n`; look further only then.
        let previousIsCarriageReturn =
            local > 0 ? bytes[local - 1] == UTF8Scanning.carriageReturn : leaf.prefix.endsWithCarriageReturn
        if previousIsCarriageReturn {
            let next = local < bytes.count ? bytes[local] : byte(at: leaf.start + local)
            if next == UTF8Scanning.lineFeed { throw .insideLineTerminator(offset: offset, unit: unit) }
        }
        return leaf.start + local
    }

    /// The offset in `unit` of a UTF-8 offset that lies on a scalar boundary.
    /// - Complexity: O(log n).
    public func offset(fromUTF8 utf8: UTF8Offset, to unit: TextUnit) -> Int {
        offset(fromUTF8: utf8.rawValue, to: unit)
    }

    func offset(fromUTF8 utf8: Int, to unit: TextUnit) -> Int {
        if unit == .utf8 { return utf8 }
        guard let leaf = rope.seekLeaf(where: { $0.utf8 >= utf8 }) else { return 0 }
        // A leaf of ASCII alone (as many scalars as bytes) counts every unit as one byte.
        if leaf.chunk.summary.scalars == leaf.chunk.summary.utf8 {
            return leaf.prefix.count(in: unit) + min(utf8 - leaf.start, leaf.chunk.summary.utf8)
        }
        let local = leaf.chunk.bytes.withUnsafeBufferPointer {
            UTF8Scanning.unitCount(in: $0, upTo: min(utf8 - leaf.start, $0.count), unit: unit)
        }
        return leaf.prefix.count(in: unit) + local
    }

    /// The lengths in `unit` of consecutive stretches of the text, `utf8Lengths` bytes each,
    /// starting at `start` (stretches past the end count what is there), counted over the
    /// rope's own bytes: one pass for all of them, with no copy of the text.
    public func unitLengths(
        ofUTF8Lengths utf8Lengths: some Sequence<Int>, from start: UTF8Offset, in unit: TextUnit
    )
        -> [Int]
    {
        var lengths = utf8Lengths.makeIterator()
        var result: [Int] = []
        result.reserveCapacity(utf8Lengths.underestimatedCount)
        var remaining = 0
        var counted = 0
        /// Moves on to the next stretch that is not empty (empty ones measure 0); false when
        /// there is none.
        func nextStretch() -> Bool {
            while let length = lengths.next() {
                guard length <= 0 else {
                    remaining = length
                    return true
                }
                result.append(0)
            }
            return false
        }
        guard nextStretch() else { return result }
        rope.forEachChunk(from: start.rawValue) { chunk, chunkStart in
            chunk.bytes.withUnsafeBufferPointer { bytes in
                var index = max(0, start.rawValue - chunkStart)
                while index < bytes.count {
                    let taken = min(remaining, bytes.count - index)
                    counted += UTF8Scanning.unitCount(
                        in: UnsafeBufferPointer(rebasing: bytes[index..<(index + taken)]), upTo: taken,
                        unit: unit)
                    index += taken
                    remaining -= taken
                    guard remaining == 0 else { continue }
                    result.append(counted)
                    counted = 0
                    guard nextStretch() else { return false }
                }
                return true
            }
        }
        // Past the end: what the last stretch reached, then nothing for the rest.
        if remaining > 0 {
            result.append(counted)
            while lengths.next() != nil { result.append(0) }
        }
        return result
    }

    /// Converts an offset between units (validating it in the source unit).
    public func convert(_ offset: Int, from source: TextUnit, to target: TextUnit) throws(TextPositionError)
        -> Int
    {
        self.offset(fromUTF8: try utf8Offset(offset, in: source), to: target)
    }

    /// Whether a UTF-8 offset falls between the `\r` and `\n` of a line terminator.
    public func isInsideLineTerminator(_ utf8: UTF8Offset) -> Bool { isInsideLineTerminator(utf8.rawValue) }

    func isInsideLineTerminator(_ utf8: Int) -> Bool {
        guard utf8 > 0 else { return false }
        return byte(at: utf8 - 1) == UTF8Scanning.carriageReturn && byte(at: utf8) == UTF8Scanning.lineFeed
    }
}

extension TextBuffer {
    /// The UTF-16 offset of a UTF-8 offset on a scalar boundary.
    /// - Complexity: O(log n).
    public func utf16Offset(of utf8: UTF8Offset) -> UTF16Offset {
        UTF16Offset(offset(fromUTF8: utf8, to: .utf16))
    }

    /// The scalar offset of a UTF-8 offset on a scalar boundary.
    /// - Complexity: O(log n).
    public func scalarOffset(of utf8: UTF8Offset) -> ScalarOffset {
        ScalarOffset(offset(fromUTF8: utf8, to: .utf32))
    }

    /// The UTF-8 offset of a UTF-16 offset, validated as `utf8Offset(_:in:)` does.
    public func utf8Offset(of utf16: UTF16Offset) throws(TextPositionError) -> UTF8Offset {
        try utf8Offset(utf16.rawValue, in: .utf16)
    }

    /// The UTF-8 offset of a scalar offset, validated as `utf8Offset(_:in:)` does.
    public func utf8Offset(of scalars: ScalarOffset) throws(TextPositionError) -> UTF8Offset {
        try utf8Offset(scalars.rawValue, in: .utf32)
    }

    /// A UTF-8 range as UTF-16 offsets.
    public func utf16Range(of range: Range<UTF8Offset>) -> Range<UTF16Offset> {
        utf16Offset(of: range.lowerBound)..<utf16Offset(of: range.upperBound)
    }

    /// A UTF-16 range as UTF-8 offsets, validated.
    public func utf8Range(of range: Range<UTF16Offset>) throws(TextPositionError) -> Range<UTF8Offset> {
        try utf8Offset(of: range.lowerBound)..<utf8Offset(of: range.upperBound)
    }
}
