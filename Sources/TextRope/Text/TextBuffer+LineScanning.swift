extension TextBuffer {
    /// The UTF-8 offset where the line holding `utf8` starts, found by scanning back to the
    /// previous terminator: O(log n + the line's length), cheaper than counting lines when
    /// lines are short, as they are around an edit.
    public func startOfLine(containingUTF8 utf8: UTF8Offset) -> UTF8Offset {
        UTF8Offset(startOfLine(containingUTF8: utf8.rawValue))
    }

    func startOfLine(containingUTF8 utf8: Int) -> Int {
        var position = min(max(utf8, 0), utf8Count)
        // At the \n of a \r\n, the line is the \r's.
        if isInsideLineTerminator(position) { position -= 1 }
        while position > 0 {
            guard let leaf = rope.seekLeaf(where: { $0.utf8 >= position }) else { return 0 }
            let bytes = leaf.chunk.bytes
            var index = position - leaf.start - 1
            while index >= 0 {
                let byte = bytes[index]
                if byte == UTF8Scanning.lineFeed || byte == UTF8Scanning.carriageReturn {
                    return leaf.start + index + 1
                }
                index -= 1
            }
            position = leaf.start
        }
        return 0
    }

    /// The UTF-8 offset just past the terminator of the line holding `utf8` (the start of the
    /// next line), or the end of the text on the last line: O(log n + the line's length).
    public func endOfLine(containingUTF8 utf8: UTF8Offset) -> UTF8Offset {
        UTF8Offset(endOfLine(containingUTF8: utf8.rawValue))
    }

    func endOfLine(containingUTF8 utf8: Int) -> Int {
        let start = min(max(utf8, 0), utf8Count)
        var result = utf8Count
        var sawCarriageReturn = false
        rope.forEachChunk(from: start) { chunk, chunkStart in
            let bytes = chunk.bytes
            var index = max(start - chunkStart, 0)
            if sawCarriageReturn {
                // The previous chunk ended with \r: its \n, if any, opens this chunk.
                result = chunkStart + (bytes.first == UTF8Scanning.lineFeed ? 1 : 0)
                return false
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UTF8Scanning.lineFeed {
                    result = chunkStart + index + 1
                    return false
                }
                if byte == UTF8Scanning.carriageReturn {
                    if index + 1 < bytes.count {
                        result = chunkStart + index + (bytes[index + 1] == UTF8Scanning.lineFeed ? 2 : 1)
                        return false
                    }
                    sawCarriageReturn = true
                    result = chunkStart + index + 1
                    return true
                }
                index += 1
            }
            return true
        }
        return result
    }
}
