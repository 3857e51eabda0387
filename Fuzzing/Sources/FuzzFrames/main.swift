import JSONRPC

/// The frame decoder on arbitrary bytes in arbitrary chunks: it must never trap, and the events
/// must not depend on how the bytes were cut.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let chunk = Int(first % 16) + 1
    let stream = Array(bytes.dropFirst())

    var whole = FrameDecoder(maximumContentLength: 256)
    whole.append(stream)
    var expected: [FrameDecoder.Event] = []
    while let event = whole.next() { expected.append(event) }

    var pieces = FrameDecoder(maximumContentLength: 256)
    var events: [FrameDecoder.Event] = []
    var offset = 0
    while offset < stream.count {
        pieces.append(stream[offset..<min(offset + chunk, stream.count)])
        offset += chunk
        while let event = pieces.next() { events.append(event) }
    }
    // Frames decoded from one chunk must also come out of many (errors may be reported at
    // different points while a header is incomplete, so only frames are compared).
    let frames = { (events: [FrameDecoder.Event]) in
        events.compactMap { if case .frame(let body) = $0 { body } else { nil } }
    }
    if frames(events) != frames(expected) { fatalError("chunking changed the frames") }
    return 0
}
