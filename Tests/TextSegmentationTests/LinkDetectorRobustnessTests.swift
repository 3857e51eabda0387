import TestSupport
import Testing
import TextSegmentation

@Suite("LinkDetector on hostile input")
struct LinkDetectorRobustnessTests {
    /// Bytes that steer the scanner into every matcher, plus invalid UTF-8.
    static let alphabet: [[UInt8]] = [
        Array("http".utf8), Array("://".utf8), Array("mailto:".utf8), Array("www.".utf8), [0x2E], [0x2F],
        [0x3A], [0x40], [0x5B], [0x5D], [0x28], [0x29], [0x22], [0x27], [0x3C], [0x3E], Array("com".utf8),
        Array("a".utf8), Array("1".utf8), [0x20], [0x0A], [0x2D], [0x5F], Array("日".utf8), [0xFF], [0xC3],
        [0xE2, 0x82], [0xF0, 0x9F, 0x91], Array("[::1]".utf8), Array(":8080".utf8),
    ]

    @Test func randomBytesGiveOrderedInBoundsLinks() {
        let seed = SeededGenerator.seedFromEnvironment(fallback: 0xB17E5)
        var generator = SeededGenerator(seed: seed)
        let detector = LinkDetector()
        for round in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                bytes += Self.alphabet.randomElement(using: &generator)!
            }
            let links = bytes.withUnsafeBufferPointer { detector.links(inUTF8: $0) }
            var previousEnd = 0
            for link in links {
                let valid =
                    link.utf8Range.lowerBound >= previousEnd && !link.utf8Range.isEmpty
                    && link.utf8Range.upperBound <= bytes.count
                #expect(valid, "seed \(seed) round \(round): \(link.utf8Range) in \(bytes)")
                previousEnd = link.utf8Range.upperBound
            }
        }
    }

    @Test func pathologicalLinesStayLinear() {
        // Each would take minutes if some matcher rescanned its run per trigger.
        let size = 100_000
        let lines = [
            String(repeating: "a.", count: size) + "com", String(repeating: "a.", count: size) + "a://x.com",
            String(repeating: "a@", count: size), String(repeating: "(", count: size) + "http://x.com/(",
            "http://x.com/" + String(repeating: "(a", count: size), String(repeating: "//a.", count: size),
            String(repeating: "x.com/", count: size),
        ]
        let detector = LinkDetector()
        let found = lines.map { detector.links(in: $0).count }
        #expect(found.count == lines.count)
    }

    @Test func lineBreakerSurvivesOddSpansAndColumns() {
        let breaker = LineBreaker()
        let text = "abc def 日本 👍🏽 ghi"
        #expect(breaker.breaks(in: text, columns: 0).count > 0)
        #expect(breaker.breaks(in: text, columns: -3, unbreakable: [-5..<2, 4..<400, 3..<3]).count > 0)
        #expect(breaker.breaks(in: text, columns: 1000, unbreakable: [0..<1000]).isEmpty)
    }
}
