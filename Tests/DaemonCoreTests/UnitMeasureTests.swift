import JSONRPC
import Testing

/// Lengths sent to clients are in their unit, whether a run is measured by scanning its bytes
/// (short runs) or by a rope seek (long ones).
@Suite struct UnitMeasureTests {
    @Test(arguments: [("utf-8", 7), ("utf-16", 4), ("utf-32", 3)])
    func longAndShortRunsAreMeasuredInTheNegotiatedUnit(encoding: String, unitsPerPiece: Int) {
        let transcript = Transcript(encoding: encoding)
        let piece = "é😀a"  // 7 UTF-8 bytes, 4 UTF-16 units, 3 scalars
        for (uri, count) in [("file:///short.txt", 10), ("file:///long.txt", 5_000)] {
            transcript.open(uri, String(repeating: piece, count: count))
            let attributes = transcript.attributes(uri)
            let runs = attributes?["runs"]?.arrayValue ?? []
            let total = runs.compactMap { $0.arrayValue?.first?.intValue }.reduce(0, +)
            #expect(total == count * unitsPerPiece, "\(uri)")
            #expect(attributes?["range"]?["length"]?.intValue == count * unitsPerPiece)
        }
    }
}
