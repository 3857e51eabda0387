/// A leaf of the text rope: up to `maximumCount` bytes of UTF-8 and their summary.
///
/// Chunks split only at scalar boundaries and, where possible, not inside `\r\n`.
public struct TextChunk: RopeChunk, Sendable {
    /// The UTF-8 bytes.
    public private(set) var bytes: [UInt8]
    /// Kept up to date by every mutation, so reading it is O(1).
    public private(set) var summary: TextSummary

    #if DEBUG
        // Tiny leaves in debug builds so tests exercise splits, merges and deep trees.
        static var maximumCount: Int { 16 }
        static var minimumCount: Int { 4 }
    #else
        static var maximumCount: Int { 1024 }
        static var minimumCount: Int { 256 }
    #endif

    /// The most unused room a leaf's bytes keep after an edit (`replaceLeafSubrange`); in debug
    /// builds less, so that the tests' small chunks take both ways.
    #if DEBUG
        static var spareBytes: Int { 2 }
    #else
        static var spareBytes: Int { 64 }
    #endif

    /// A chunk of the given bytes (valid UTF-8).
    public init<Bytes: Collection<UInt8>>(bytes: Bytes) {
        self.bytes = Array(bytes)
        summary = self.bytes.withUnsafeBufferPointer { UTF8Scanning.summary(of: $0, 0..<$0.count) }
    }

    public var count: Int { bytes.count }

    public func prefix(_ offset: Int) -> TextChunk { TextChunk(bytes: bytes[..<offset]) }

    public func suffix(from offset: Int) -> TextChunk { TextChunk(bytes: bytes[offset...]) }

    public func appending(_ other: TextChunk) -> TextChunk {
        // A new array of exactly the bytes: appended to, `bytes` could double its room.
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count + other.bytes.count)
        joined.append(contentsOf: bytes)
        joined.append(contentsOf: other.bytes)
        var result = self
        result.bytes = joined
        result.summary = summary.combined(with: other.summary)
        return result
    }

    public var isUnderfull: Bool { bytes.count < Self.minimumCount }

    public func fitsWhenMerged(with other: TextChunk) -> Bool {
        bytes.count + other.bytes.count <= Self.maximumCount
    }

    public func balancedPieces() -> [TextChunk] {
        guard bytes.count > Self.maximumCount else { return [self] }
        return bytes.withUnsafeBufferPointer { Self.chunks(of: $0) }
    }

    public mutating func replaceInPlace(_ range: Range<Int>, with replacement: TextChunk?, isLastLeaf: Bool)
        -> Bool
    {
        guard let replacement else {
            return replaceBytes(range, with: UnsafeBufferPointer(start: nil, count: 0))
        }
        return replacement.bytes.withUnsafeBufferPointer { replaceBytes(range, with: $0) }
    }

    /// Replaces `range` with UTF-8 bytes in place, updating the summary from the edited bytes
    /// only; false (nothing changed) if the chunk would become empty or too large.
    public mutating func replaceBytes(_ range: Range<Int>, with inserted: UnsafeBufferPointer<UInt8>) -> Bool
    {
        let newCount = bytes.count - range.count + inserted.count
        guard newCount > 0, newCount <= Self.maximumCount else { return false }
        // Line breaks depend on the byte after each `\r`, so recount from one byte before the
        // edit to its end, before and after.
        let contextStart = max(range.lowerBound - 1, 0)
        let old = bytes.withUnsafeBufferPointer { buffer in
            (
                edited: UTF8Scanning.summary(of: buffer, range),
                context: Self.lineBreaks(in: buffer, contextStart..<range.upperBound)
            )
        }
        bytes.replaceLeafSubrange(range, with: inserted, spare: Self.spareBytes, limit: Self.maximumCount)
        let insertedEnd = range.lowerBound + inserted.count
        let newContext = bytes.withUnsafeBufferPointer { Self.lineBreaks(in: $0, contextStart..<insertedEnd) }
        let insertedSummary = UTF8Scanning.summary(of: inserted, 0..<inserted.count)
        summary.utf8 = newCount
        summary.utf16 += insertedSummary.utf16 - old.edited.utf16
        summary.scalars += insertedSummary.scalars - old.edited.scalars
        summary.lineBreaks += newContext - old.context
        summary.startsWithLineFeed = bytes[0] == UTF8Scanning.lineFeed
        summary.endsWithCarriageReturn = bytes[newCount - 1] == UTF8Scanning.carriageReturn
        return true
    }

    /// Line breaks ending at positions in `range`, looking one byte past it within the chunk.
    private static func lineBreaks(in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var breaks = 0
        for index in range {
            let byte = buffer[index]
            if byte == UTF8Scanning.lineFeed {
                breaks += 1
            } else if byte == UTF8Scanning.carriageReturn {
                if index + 1 >= buffer.count || buffer[index + 1] != UTF8Scanning.lineFeed { breaks += 1 }
            }
        }
        return breaks
    }
}
