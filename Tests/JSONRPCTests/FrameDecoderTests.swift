import JSONRPC
import TestSupport
import Testing

@Suite struct FrameDecoderTests {
    static let bodies: [[UInt8]] = [
        Array(#"{"jsonrpc":"2.0","method":"a"}"#.utf8), Array("{}".utf8), [],
        Array(#"{"text":"é😀\r\n"}"#.utf8),
    ]

    static var stream: [UInt8] { bodies.flatMap(FrameEncoder.frame) }

    private func drain(_ decoder: inout FrameDecoder) -> [FrameDecoder.Event] {
        var events: [FrameDecoder.Event] = []
        while let event = decoder.next() { events.append(event) }
        return events
    }

    @Test func oneByteAtATimeYieldsEveryFrame() {
        var decoder = FrameDecoder()
        var events: [FrameDecoder.Event] = []
        for byte in Self.stream {
            decoder.append([byte])
            events += drain(&decoder)
        }
        #expect(events == Self.bodies.map { .frame($0) })
    }

    @Test func aLargeBodyInPiecesThenSmallFramesAreAllDecoded() {
        // The buffer makes room for a large body once its header is read, and is let go of
        // once that body is taken: the frames after it must not notice either.
        let large = Self.largeBody
        let stream = FrameEncoder.frame(large) + Self.stream + FrameEncoder.frame(large) + Self.stream
        var decoder = FrameDecoder()
        var events: [FrameDecoder.Event] = []
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + 65_536 + offset % 7)
            decoder.append(stream[offset..<end])
            events += drain(&decoder)
            offset = end
        }
        #expect(events == ([large] + Self.bodies + [large] + Self.bodies).map { .frame($0) })
    }

    /// A body of 3 MB whose bytes differ along it, so a shifted or cut body shows.
    static let largeBody = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    @Test func aLargeBodyArrivingWithFramesBeforeAndAfterItInOneChunkIsTakenWhole() {
        // A large body is handed over in the decoder's own buffer: what came before it and
        // after it must stay where they belong.
        var decoder = FrameDecoder()
        decoder.append(Self.stream + FrameEncoder.frame(Self.largeBody) + Self.stream)
        let expected = Self.bodies + [Self.largeBody] + Self.bodies
        #expect(drain(&decoder) == expected.map { .frame($0) })
        decoder.append(FrameEncoder.frame(Self.largeBody) + Self.stream.prefix(10))
        #expect(drain(&decoder) == [.frame(Self.largeBody)])
        decoder.append(Self.stream.dropFirst(10))
        #expect(drain(&decoder) == Self.bodies.map { .frame($0) })
    }

    @Test func manyFramesInOneChunk() {
        var decoder = FrameDecoder()
        decoder.append(Self.stream + Self.stream)
        #expect(drain(&decoder) == (Self.bodies + Self.bodies).map { .frame($0) })
    }

    @Test func randomChunkingYieldsTheSameFrames() {
        var random = SeededGenerator(fallback: 77)
        for _ in 0..<50 {
            var decoder = FrameDecoder()
            var events: [FrameDecoder.Event] = []
            var rest = Self.stream[...]
            while !rest.isEmpty {
                let size = Int.random(in: 1...rest.count, using: &random)
                decoder.append(rest.prefix(size))
                rest = rest.dropFirst(size)
                events += drain(&decoder)
            }
            #expect(events == Self.bodies.map { .frame($0) }, "seed \(random.seed)")
        }
    }

    @Test func missingAndHugeContentLengthAreErrorsAndTheStreamResynchronises() {
        var decoder = FrameDecoder(maximumContentLength: 100)
        decoder.append(Array("Content-Type: x\r\n\r\n".utf8))
        decoder.append(Array("Content-Length: 1000000\r\n\r\ngarbage that is not a header".utf8))
        decoder.append(FrameEncoder.frame(Array("{}".utf8)))
        #expect(
            drain(&decoder) == [
                .error(.missingContentLength), .error(.contentLengthTooLarge(length: 1_000_000, limit: 100)),
                .frame(Array("{}".utf8)),
            ])
    }

    @Test func junkBeforeAHeaderOnItsLineIsSkippedAndTheFrameAfterItIsRead() {
        var decoder = FrameDecoder()
        decoder.append(Array("}}\u{0}junk".utf8) + FrameEncoder.frame(Array("{\"a\":1}".utf8)))
        decoder.append(Array("x\r\nmore junk Content-length: 2\r\n\r\n{}".utf8))
        #expect(
            drain(&decoder) == [
                .error(.junkBeforeHeader(byteCount: 7)), .frame(Array("{\"a\":1}".utf8)),
                .error(.junkBeforeHeader(byteCount: 13)), .frame(Array("{}".utf8)),
            ])
    }

    @Test func junkAfterAFrameDoesNotSwallowTheNextOne() {
        var decoder = FrameDecoder()
        for piece in [
            FrameEncoder.frame(Array("{}".utf8)), Array("garbage".utf8), FrameEncoder.frame(Array("[]".utf8)),
        ] {
            decoder.append(piece)
        }
        #expect(
            drain(&decoder) == [
                .frame(Array("{}".utf8)), .error(.junkBeforeHeader(byteCount: 7)), .frame(Array("[]".utf8)),
            ])
    }

    @Test func aHeaderThatNeverEndsIsAnErrorAndTheBufferStaysBounded() {
        var decoder = FrameDecoder()
        decoder.append(Array("Content-Length: 2\r\n".utf8))
        var events: [FrameDecoder.Event] = []
        for _ in 0..<1000 {
            decoder.append(
                Array("X-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".utf8))
            events += drain(&decoder)
        }
        decoder.append(FrameEncoder.frame(Array("{}".utf8)))
        events += drain(&decoder)
        #expect(
            events == [
                .error(.headerTooLong(limit: FrameDecoder.maximumHeaderLength)), .frame(Array("{}".utf8)),
            ])
    }

    @Test func headerNamesAreCaseInsensitiveAndOtherHeadersIgnored() {
        var decoder = FrameDecoder()
        decoder.append(Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n{}".utf8))
        #expect(drain(&decoder) == [.frame(Array("{}".utf8))])
    }
}

/// The header's byte reading against the first form, which read it as a `String` split into
/// lines and trimmed character by character (kept here as the model): random header sections
/// of names in any case, blanks after names and around values, other headers, signs, lines
/// without a colon and non-ASCII text.
@Suite struct FrameHeaderModelTests {
    enum Expected: Equatable {
        case length(Int)
        case invalid(String)
        case missing
    }

    static func model(_ header: [UInt8]) -> Expected {
        func trimmed(_ text: Substring) -> Substring {
            var result = text
            while result.first == " " || result.first == "\t" { result.removeFirst() }
            while result.last == " " || result.last == "\t" { result.removeLast() }
            return result
        }
        var length: Int?
        for line in String(decoding: header, as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            guard trimmed(line[..<colon]).lowercased() == "content-length" else { continue }
            let value = String(trimmed(line[line.index(after: colon)...]))
            guard let parsed = Int(value), parsed >= 0 else { return .invalid(value) }
            length = parsed
        }
        return length.map(Expected.length) ?? .missing
    }

    static let names = [
        "Content-Length", "content-length", "CONTENT-LENGTH", "Content-Type", "X-Note", "Content-Lengths",
    ]
    static let values = [
        "2", "0", "+2", "-1", " 2", "2 ", "\t2\t", "2x", "", "99999999999999999999", "é", "a:b", "日本",
    ]

    @Test func headersAreReadAsTheStringFormReadThem() {
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<3_000 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let name = Self.names.randomElement(using: &generator)!
                let blank = ["", " ", "\t", "  "].randomElement(using: &generator)!
                // Blanks after the name only: text before a `Content-Length` on its line is
                // junk the decoder skips first (`junkBeforeAHeaderOnItsLine…`).
                lines.append(name + blank + ":" + blank + Self.values.randomElement(using: &generator)!)
                if Int.random(in: 0..<8, using: &generator) == 0 { lines.append("no colon here") }
            }
            let header = Array(lines.joined(separator: "\r\n").utf8)
            var decoder = FrameDecoder()
            decoder.append(header + Array("\r\n\r\n{}".utf8))
            let event = decoder.next()
            switch Self.model(header) {
            case .length(let length) where length <= 2:
                #expect(event == .frame(Array(Array("{}".utf8).prefix(length))), "\(lines)")
            case .length:
                #expect(event == nil, "\(lines): waits for the rest of the body")
            case .invalid(let value):
                #expect(event == .error(.invalidContentLength(value)), "\(lines)")
            case .missing:
                #expect(event == .error(.missingContentLength), "\(lines)")
            }
        }
    }
}
