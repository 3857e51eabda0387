import Testing

@testable import Rendering

@Suite struct ByteSlicesTests {
    static let pieces: [[UInt8]] = [
        Array("\u{1B}[1m".utf8), [], Array(",\"scopes\":[\"a\"]".utf8), [0, 255],
    ]

    static func read(_ slices: ByteSlices) -> [[UInt8]] {
        slices.withPieces { pieces in Self.pieces.indices.map { Array(pieces[$0]) } }
    }

    @Test func piecesWrittenOneAfterAnotherReadBackAsWritten() {
        let written = ByteSlices(count: Self.pieces.count) { index, bytes in
            bytes.append(contentsOf: Self.pieces[index])
        }
        #expect(Self.read(written) == Self.pieces)
        #expect(Self.pieces.indices.map(written.count(of:)) == Self.pieces.map(\.count))
        #expect(written.longest == 15)
    }

    @Test func piecesMadeAsArraysReadBackTheSame() {
        let copied = ByteSlices(Self.pieces)
        #expect(Self.read(copied) == Self.pieces)
        #expect(
            Self.read(copied) == Self.read(ByteSlices(count: Self.pieces.count) { $1 += Self.pieces[$0] }))
    }
}
