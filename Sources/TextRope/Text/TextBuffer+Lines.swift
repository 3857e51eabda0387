extension TextBuffer {
    /// The zero-based line holding a UTF-8 offset: the number of line terminators that end at
    /// or before it.
    /// - Complexity: O(log n).
    public func lineIndex(containingUTF8 utf8: UTF8Offset) -> LineIndex {
        LineIndex(lineIndex(containingUTF8: utf8.rawValue))
    }

    func lineIndex(containingUTF8 utf8: Int) -> Int {
        let target = min(max(utf8, 0), utf8Count)
        guard target > 0, let leaf = rope.seekLeaf(where: { $0.utf8 >= target }) else { return 0 }
        let local = target - leaf.start
        let before = leaf.chunk.bytes.withUnsafeBufferPointer { UTF8Scanning.summary(of: $0, 0..<local) }
        var breaks = leaf.prefix.combined(with: before).lineBreaks
        // A `\r` just before the offset whose `\n` comes after it has not ended its line yet.
        if isInsideLineTerminator(target) { breaks -= 1 }
        return breaks
    }

    /// The UTF-8 offset where a line starts.
    /// - Complexity: O(log n).
    public func lineStart(_ line: LineIndex) throws(TextPositionError) -> UTF8Offset {
        UTF8Offset(try lineStart(line.rawValue))
    }

    func lineStart(_ line: Int) throws(TextPositionError) -> Int {
        guard line >= 0 && line < lineCount else { throw .lineOutOfBounds(line: line, lineCount: lineCount) }
        guard line > 0, let leaf = rope.seekLeaf(where: { $0.lineBreaks >= line }) else { return 0 }
        var remaining = line - leaf.prefix.lineBreaks
        // The prefix counted its trailing `\r` as a break; the `\n` opening this chunk completes
        // that same break, so it must not be counted again.
        if leaf.prefix.endsWithCarriageReturn && leaf.chunk.bytes.first == UTF8Scanning.lineFeed {
            remaining += 1
        }
        guard remaining > 0 else { return isInsideLineTerminator(leaf.start) ? leaf.start + 1 : leaf.start }
        let local = leaf.chunk.bytes.withUnsafeBufferPointer { bytes in
            Self.offsetAfterBreak(remaining, in: bytes)
        }
        // A `\r` ending the chunk may be the first half of a `\r\n` split across chunks.
        if local == leaf.chunk.count, isInsideLineTerminator(leaf.start + local) {
            return leaf.start + local + 1
        }
        return leaf.start + local
    }

    /// The offset just past the `count`th line break in `bytes` (`\n`, `\r\n` or a lone `\r`;
    /// a `\r` ending the buffer counts), or the buffer's end if it holds fewer.
    ///
    /// Run for every line a highlighter tokenizes, over half a leaf on average: the bytes are
    /// read through the buffer, and only those no greater than `\r` are looked at twice.
    private static func offsetAfterBreak(_ count: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var remaining = count
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte <= UTF8Scanning.carriageReturn else { continue }
            let isBreak =
                byte == UTF8Scanning.lineFeed
                || (byte == UTF8Scanning.carriageReturn
                    && (index == bytes.count || bytes[index] != UTF8Scanning.lineFeed))
            if isBreak {
                remaining -= 1
                if remaining == 0 { return index }
            }
        }
        return bytes.count
    }

    /// Where a line and its terminator lie.
    /// - Complexity: O(log n + the line's length).
    public func lineBounds(_ line: LineIndex) throws(TextPositionError) -> LineBounds {
        let start = try lineStart(line.rawValue)
        let (contentEnd, end) = lineEnds(from: start)
        return LineBounds(start: UTF8Offset(start), contentEnd: UTF8Offset(contentEnd), end: UTF8Offset(end))
    }

    /// Where the line that starts at `start` lies, `start` being the start of some line (as
    /// the end of the line before is): what a caller walking down the lines asks, without a
    /// seek to count lines.
    /// - Complexity: O(log n + the line's length).
    public func lineBounds(startingAt start: UTF8Offset) -> LineBounds {
        let (contentEnd, end) = lineEnds(from: start.rawValue)
        return LineBounds(start: start, contentEnd: UTF8Offset(contentEnd), end: UTF8Offset(end))
    }

    /// Where the line starting at `start` ends: the end of its content and the start of the
    /// next line (both the text's end on the last line). One walk from `start` over the line,
    /// where finding the next line's start by counting would scan its leaf from the beginning.
    func lineEnds(from start: Int) -> (contentEnd: Int, end: Int) {
        var ends = (contentEnd: utf8Count, end: utf8Count)
        var endsWithCarriageReturn = false
        rope.forEachChunk(from: start) { chunk, chunkStart in
            chunk.bytes.withUnsafeBufferPointer { bytes in
                if endsWithCarriageReturn {
                    // The previous chunk ended with `\r`: its `\n`, if any, opens this chunk.
                    if bytes.first == UTF8Scanning.lineFeed { ends.end += 1 }
                    return false
                }
                var index = max(start - chunkStart, 0)
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if byte == UTF8Scanning.lineFeed {
                        ends = (chunkStart + index - 1, chunkStart + index)
                        return false
                    }
                    if byte == UTF8Scanning.carriageReturn {
                        ends = (chunkStart + index - 1, chunkStart + index)
                        guard index < bytes.count else {
                            endsWithCarriageReturn = true
                            return true
                        }
                        if bytes[index] == UTF8Scanning.lineFeed { ends.end += 1 }
                        return false
                    }
                }
                return true
            }
        }
        return ends
    }

    /// The line/character position of a UTF-8 offset, with the character counted in `unit`.
    /// - Complexity: O(log n).
    public func linePosition(ofUTF8 utf8: UTF8Offset, unit: TextUnit) -> LinePosition {
        let line = lineIndex(containingUTF8: utf8)
        let start = (try? lineStart(line)) ?? 0
        return LinePosition(
            line: line.rawValue,
            character: offset(fromUTF8: utf8, to: unit) - offset(fromUTF8: start, to: unit))
    }

    /// The UTF-8 offset of a line/character position counted in `unit`.
    ///
    /// As LSP specifies, a character past the line's end means the end of its content.
    /// - Complexity: O(log n).
    public func utf8Offset(of position: LinePosition, unit: TextUnit) throws(TextPositionError) -> UTF8Offset
    {
        let bounds = try lineBounds(LineIndex(position.line))
        guard position.character >= 0 else {
            throw .outOfBounds(offset: position.character, unit: unit, length: 0)
        }
        let start = offset(fromUTF8: bounds.start, to: unit)
        let contentEnd = offset(fromUTF8: bounds.contentEnd, to: unit)
        // Clamp before adding: `character` comes from clients and may be as large as Int.max.
        let target = start + min(position.character, contentEnd - start)
        return try utf8Offset(target, in: unit)
    }
}
