import JSONSyntax

/// Splits a byte stream into LSP base-protocol frames: `Content-Length: N\r\n\r\n` + N bytes.
///
/// Feed it bytes as they arrive in any chunking (one byte at a time or many frames at once)
/// and take frames out. A bad header yields an error, after which the decoder resynchronises
/// on the next `Content-Length` header.
public struct FrameDecoder: Sendable {
    /// What the decoder produced.
    public enum Event: Hashable, Sendable {
        /// A complete message body.
        case frame([UInt8])
        /// A header that could not be used; its bytes were skipped.
        case error(FramingError)
    }

    /// The longest header section accepted (LSP headers are two short lines).
    public static let maximumHeaderLength = 8 << 10

    /// The largest body accepted.
    public var maximumContentLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var resynchronizing = false

    /// A decoder accepting bodies up to `maximumContentLength` bytes (64 MiB by default).
    public init(maximumContentLength: Int = 64 << 20) {
        self.maximumContentLength = maximumContentLength
    }

    /// The most buffer capacity kept once every received byte has been taken.
    static let keptCapacity = 1 << 20

    /// Adds received bytes.
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next frame or error, or nil until more bytes arrive.
    public mutating func next() -> Event? {
        if resynchronizing && !skipToNextHeader() { return nil }
        guard let headerEnd = find([0x0D, 0x0A, 0x0D, 0x0A], from: start) else {
            // A header that never ends would otherwise grow the buffer without bound.
            guard buffer.count - start > Self.maximumHeaderLength else { return nil }
            return fail(.headerTooLong(limit: Self.maximumHeaderLength), skippingTo: start + 1)
        }
        // Junk on the same line as the header (`garbage}Content-Length: 5`): skip the junk and
        // read the header, rather than losing the frame with the whole line.
        if let header = findContentLength(from: start, before: headerEnd), header > start,
            buffer[header - 1] != 0x0A
        {
            let skipped = header - start
            start = header
            return .error(.junkBeforeHeader(byteCount: skipped))
        }
        let bodyStart = headerEnd + 4
        var length: Int?
        // The header's lines are read as bytes: the names that matter are ASCII, and reading
        // them as a `String` split by characters cost more than the rest of a keystroke's
        // framing.
        var lineStart = start
        while lineStart < headerEnd {
            var lineEnd = lineStart
            while lineEnd < headerEnd && !(buffer[lineEnd] == 0x0D && buffer[lineEnd + 1] == 0x0A) {
                lineEnd += 1
            }
            defer { lineStart = lineEnd + 2 }
            guard let colon = buffer[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")),
                isContentLength(trimmed(lineStart..<colon))
            else { continue }
            let value = String(decoding: buffer[trimmed((colon + 1)..<lineEnd)], as: UTF8.self)
            guard let parsed = Int(value), parsed >= 0 else {
                return fail(.invalidContentLength(value), skippingTo: bodyStart)
            }
            length = parsed
        }
        guard let length else { return fail(.missingContentLength, skippingTo: bodyStart) }
        guard length <= maximumContentLength else {
            return fail(
                .contentLengthTooLarge(length: length, limit: maximumContentLength), skippingTo: bodyStart)
        }
        guard buffer.count - bodyStart >= length else {
            // A large body arrives in many reads: room for all of it now, so the buffer is not
            // copied (and its fresh pages touched) at every doubling.
            buffer.reserveCapacity(bodyStart + length)
            return nil
        }
        let end = bodyStart + length
        if length > Self.keptCapacity {
            // A large body is handed over in the buffer it arrived in, its header moved out
            // in place: copying it would touch as many fresh pages as it has. Bytes after it
            // (usually none, or a few small frames) start the next buffer.
            var body = buffer
            buffer = Array(body[end...])
            start = 0
            body.removeSubrange(end...)
            body.removeSubrange(..<bodyStart)
            return .frame(body)
        }
        let body = Array(buffer[bodyStart..<end])
        start = end
        // Everything taken: a buffer grown for a large body is not kept for good.
        if start == buffer.count, buffer.capacity > Self.keptCapacity {
            buffer = []
            start = 0
        }
        return .frame(body)
    }

    private mutating func fail(_ error: FramingError, skippingTo offset: Int) -> Event {
        start = offset
        resynchronizing = true
        return .error(error)
    }

    private static let contentLengthName = Array("content-length".utf8)

    /// `range` of the buffer without the spaces and tabs at its ends.
    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while lower < upper && isBlank(buffer[lower]) { lower += 1 }
        while upper > lower && isBlank(buffer[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether `name` is `Content-Length` in any case.
    private func isContentLength(_ name: Range<Int>) -> Bool {
        name.count == Self.contentLengthName.count
            && zip(buffer[name], Self.contentLengthName).allSatisfy { $0 | 0x20 == $1 }
    }

    /// Drops bytes up to the next `Content-Length` header; false if none has arrived yet.
    private mutating func skipToNextHeader() -> Bool {
        if let index = findContentLength(from: start, before: buffer.count) {
            start = index
            resynchronizing = false
            return true
        }
        // Keep a possible partial header at the end.
        start = max(start, buffer.count - Self.contentLengthName.count)
        return false
    }

    /// Where `Content-Length` (any case) first starts in `offset..<end`, or nil.
    private func findContentLength(from offset: Int, before end: Int) -> Int? {
        let needle = Self.contentLengthName
        var index = offset
        while index + needle.count <= end {
            var matches = true
            for offset in 0..<needle.count where buffer[index + offset] | 0x20 != needle[offset] | 0x20 {
                matches = false
                break
            }
            if matches { return index }
            index += 1
        }
        return nil
    }

    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var index = offset
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0] && buffer[index + 1] == needle[1] && buffer[index + 2] == needle[2]
                && buffer[index + 3] == needle[3]
            {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// Writes LSP base-protocol frames.
public enum FrameEncoder {
    /// `Content-Length: N\r\n\r\n` followed by the body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(body.count + 40)
        frame.append(contentsOf: prefix)
        JSONValue.writeInteger(body.count, to: &frame)
        frame.append(contentsOf: [0x0D, 0x0A, 0x0D, 0x0A])
        frame.append(contentsOf: body)
        return frame
    }

    private static let prefix = Array("Content-Length: ".utf8)
}
