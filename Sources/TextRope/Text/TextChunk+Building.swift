extension TextChunk {
    /// Chunks of at most `maximumCount` bytes holding `text`, cut at scalar boundaries and not
    /// inside `\r\n` where avoidable; empty text gives no chunks.
    /// - Complexity: O(text.utf8.count).
    public static func chunks(of text: String) -> [TextChunk] {
        var text = text
        return text.withUTF8 { buffer in chunks(of: buffer) }
    }

    /// Chunks holding the given UTF-8 bytes; see `chunks(of:)`.
    static func chunks(of buffer: UnsafeBufferPointer<UInt8>) -> [TextChunk] {
        guard !buffer.isEmpty else { return [] }
        if buffer.count <= maximumCount { return [TextChunk(bytes: buffer)] }
        var result: [TextChunk] = []
        result.reserveCapacity(buffer.count / maximumCount + 1)
        var start = 0
        while start < buffer.count {
            let remaining = buffer.count - start
            if remaining <= maximumCount {
                result.append(TextChunk(bytes: buffer[start...]))
                break
            }
            // Even pieces, so the last one is not undersized.
            let pieces = (remaining + maximumCount - 1) / maximumCount
            var cut = start + remaining / pieces
            while cut > start + 1 && UTF8Scanning.isContinuation(buffer[cut]) { cut -= 1 }
            if buffer[cut - 1] == UTF8Scanning.carriageReturn && buffer[cut] == UTF8Scanning.lineFeed
                && cut - 1 > start
            {
                cut -= 1
            }
            result.append(TextChunk(bytes: buffer[start..<cut]))
            start = cut
        }
        return result
    }
}
