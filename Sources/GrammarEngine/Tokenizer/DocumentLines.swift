/// Where each line of a UTF-8 document starts, where its text ends and where its terminator
/// ends: lines end at `\n`, `\r\n` or `\r`, and the last line may have no terminator.
struct DocumentLines {
    /// The first byte of each line.
    private(set) var starts: [Int] = []
    /// The end of each line's text, before its terminator.
    private(set) var contentEnds: [Int] = []
    /// The end of each line, after its terminator.
    private(set) var ends: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // About one line per 30 bytes of code.
        let estimate = bytes.count / 30 + 1
        starts.reserveCapacity(estimate)
        contentEnds.reserveCapacity(estimate)
        ends.reserveCapacity(estimate)
        var lineStart = 0
        while lineStart < bytes.count {
            var contentEnd = lineStart
            while contentEnd < bytes.count, bytes[contentEnd] != 0x0A, bytes[contentEnd] != 0x0D {
                contentEnd += 1
            }
            var lineEnd = contentEnd
            if lineEnd < bytes.count {
                lineEnd +=
                    bytes[lineEnd] == 0x0D && lineEnd + 1 < bytes.count && bytes[lineEnd + 1] == 0x0A ? 2 : 1
            }
            starts.append(lineStart)
            contentEnds.append(contentEnd)
            ends.append(lineEnd)
            lineStart = lineEnd
        }
    }

    var count: Int { starts.count }

    /// The text of line `index`, without its terminator.
    func text(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[starts[index]..<contentEnds[index]])
    }
}
