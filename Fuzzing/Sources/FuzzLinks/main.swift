import TextSegmentation

/// Link detection on arbitrary text, with both rule sets: never a trap, and every link lies in
/// the text, in order, without overlaps and on one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let utf8 = Array(text.utf8)
    let detector = LinkDetector(configuration: first & 1 == 0 ? .prose : .sourceCode)
    var previousEnd = 0
    for link in detector.links(in: text) {
        let range = link.utf8Range
        guard range.lowerBound >= previousEnd, range.upperBound <= utf8.count, !range.isEmpty else {
            fatalError("link \(range) out of order or outside the text")
        }
        if utf8[range].contains(0x0A) || utf8[range].contains(0x0D) { fatalError("link crosses a line end") }
        previousEnd = range.upperBound
    }
    return 0
}
