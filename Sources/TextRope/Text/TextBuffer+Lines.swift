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
        let bytes = leaf.chunk.bytes
        // The prefix counted its trailing `\r` as a break; the `\n` opening this chunk completes
        // that same break, so it must not be counted again.
        if leaf.prefix.endsWithCarriageReturn && bytes.first == UTF8Scanning.lineFeed { remaining += 1 }
        var position = leaf.start + bytes.count
        if remaining > 0 {
            for index in bytes.indices {
                let byte = bytes[index]
                let isBreak =
                    byte == UTF8Scanning.lineFeed
                    || (byte == UTF8Scanning.carriageReturn
                        && (index + 1 == bytes.count || bytes[index + 1] != UTF8Scanning.lineFeed))
                if isBreak {
                    remaining -= 1
                    if remaining == 0 {
                        position = leaf.start + index + 1
                        break
                    }
                }
            }
        } else {
            position = leaf.start
        }
        // A `\r` ending the chunk may be the first half of a `\r\n` split across chunks.
        if isInsideLineTerminator(position) { position += 1 }
        return position
    }

    /// Where a line and its terminator lie.
    /// - Complexity: O(log n).
    public func lineBounds(_ line: LineIndex) throws(TextPositionError) -> LineBounds {
        let line = line.rawValue
        let start = try lineStart(line)
        let end = line + 1 < lineCount ? try lineStart(line + 1) : utf8Count
        var contentEnd = end
        if contentEnd > start, byte(at: contentEnd - 1) == UTF8Scanning.lineFeed { contentEnd -= 1 }
        if contentEnd > start, byte(at: contentEnd - 1) == UTF8Scanning.carriageReturn { contentEnd -= 1 }
        if end < utf8Count || contentEnd < end {
            // Only strip what is really this line's terminator (one of \n, \r\n, \r).
            if end - contentEnd > 2 { contentEnd = end }
        }
        return LineBounds(start: UTF8Offset(start), contentEnd: UTF8Offset(contentEnd), end: UTF8Offset(end))
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
