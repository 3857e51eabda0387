/// Small byte strings (the ANSI writer's escapes, the JSON writer's stacks and styles) kept side by
/// side in one buffer, appended to
/// an output as slices of it.
///
/// A renderer appends one of a few dozen such strings per styled stretch. Appending the string's
/// own array retained and released it each time, which on two threads writing the same strings
/// bounced its reference count between the cores; a slice of a buffer borrowed for the whole
/// loop costs neither.
struct ByteSlices {
    private let bytes: [UInt8]
    private let ranges: [Range<Int>]

    init(_ pieces: [[UInt8]]) {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(pieces.count)
        var bytes: [UInt8] = []
        // One copy per piece: an array made from `joined()` is filled byte by byte (on jQuery's
        // full JSON, 1.6 MB of stacks took milliseconds).
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces {
            ranges.append(bytes.count..<(bytes.count + piece.count))
            bytes.append(contentsOf: piece)
        }
        self.bytes = bytes
        self.ranges = ranges
    }

    /// Pieces `0..<count`, each written by `write` straight after the one before into one
    /// buffer: thousands of pieces (a document's scope stacks as JSON) made as arrays of their
    /// own first each grew from empty and were copied again here.
    init(count: Int, write: (Int, inout [UInt8]) -> Void) {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        var bytes: [UInt8] = []
        for index in 0..<count {
            let start = bytes.count
            write(index, &bytes)
            ranges.append(start..<bytes.count)
        }
        self.bytes = bytes
        self.ranges = ranges
    }

    /// How many bytes piece `index` has.
    func count(of index: Int) -> Int { ranges[index].count }

    /// The longest piece's length (0 when there are none).
    var longest: Int { ranges.lazy.map(\.count).max() ?? 0 }

    /// Runs `body` with a reader of the pieces, valid only inside it.
    func withPieces<Result>(_ body: (Pieces) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { buffer in
            try ranges.withUnsafeBufferPointer { ranges in try body(Pieces(buffer: buffer, ranges: ranges)) }
        }
    }

    /// The pieces, borrowed: plain pointers, so that reading one counts no reference.
    struct Pieces {
        fileprivate let buffer: UnsafeBufferPointer<UInt8>
        fileprivate let ranges: UnsafeBufferPointer<Range<Int>>

        /// Piece `index`.
        subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: buffer[ranges[index]])
        }
    }
}
