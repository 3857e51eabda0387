/// Writes bytes straight into room an array has set aside, for a renderer that knows an upper
/// bound of what it will write.
///
/// `Array.append(contentsOf:)` checks uniqueness and capacity and goes through a generic copy
/// on every call; the ANSI writer appends three to four short pieces per token, and on jQuery
/// those calls were 16.7 million of its writing loop's 29 million instructions (`callgrind`).
/// A cursor's write is a bounds check and a copy.
struct ByteCursor {
    private var position: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    fileprivate init(_ start: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>) {
        position = start
        self.end = end
    }

    /// The place of the next byte.
    fileprivate var next: UnsafeMutablePointer<UInt8> { position }

    /// Writes `bytes`; past the room set aside, it stops the process rather than write
    /// outside it.
    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        precondition(bytes.count <= end - position, "a write past the room set aside")
        position.update(from: base, count: bytes.count)
        position += bytes.count
    }

    /// Writes `text`'s UTF-8.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array where Element == UInt8 {
    /// Appends what `body` writes through a cursor, at most `limit` bytes (more stops the
    /// process). The room is zeroed first, which costs a `memset` of `limit` bytes: the
    /// standard library has no way to append to an array's reserved capacity in place.
    mutating func appendWriting(atMost limit: Int, _ body: (inout ByteCursor) -> Void) {
        let start = count
        append(contentsOf: repeatElement(0, count: limit))
        let written = withUnsafeMutableBufferPointer { buffer in
            let first = buffer.baseAddress! + start
            var cursor = ByteCursor(first, end: first + limit)
            body(&cursor)
            return first.distance(to: cursor.next)
        }
        removeLast(limit - written)
    }
}
