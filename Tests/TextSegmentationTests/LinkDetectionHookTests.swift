import DocumentStorage
import TestSupport
import Testing
import TextRope
import TextSegmentation

@Suite("LinkDetectionHook")
struct LinkDetectionHookTests {
    /// The storage's links as (text, target) pairs.
    func links(of storage: TextStorage) -> [[String]] {
        let text = storage.string
        let utf8 = Array(text.utf8)
        return storage.links(in: storage.text.utf8Range).map {
            [String(decoding: utf8[$0.range.bytes], as: UTF8.self), $0.link.target]
        }
    }

    @Test func marksLinksWhenTheDocumentIsFirstProcessed() {
        let storage = TextStorage("see example.com and\nmore http://a.io/x.")
        storage.addHook(LinkDetectionHook())
        storage.reprocess(storage.text.utf8Range)
        #expect(
            links(of: storage) == [
                ["example.com", "http://example.com"], ["http://a.io/x", "http://a.io/x"],
            ])
        let unbreakable = storage.links(in: storage.text.utf8Range).allSatisfy { $0.link.isUnbreakable }
        #expect(unbreakable)
    }

    @Test func editsRedetectOnlyTheirParagraphAndKeepOtherIDs() throws {
        let storage = TextStorage("a www.one.com\nb www.two.com\n")
        storage.addHook(LinkDetectionHook())
        storage.reprocess(storage.text.utf8Range)
        let before = storage.links(in: storage.text.utf8Range)
        // Turn `www.one.com` into `www.one.co` plus text: only line 1's link changes.
        try storage.replaceCharacters(in: 12..<13, with: " x")
        let after = storage.links(in: storage.text.utf8Range)
        #expect(
            links(of: storage) == [
                ["www.one.co", "http://www.one.co"], ["www.two.com", "http://www.two.com"],
            ])
        #expect(after.last?.link.id == before.last?.link.id)
        #expect(after.first?.link.id != before.first?.link.id)
    }

    @Test func breakingALinkRemovesIt() throws {
        let storage = TextStorage("go to http://example.com/path now")
        storage.addHook(LinkDetectionHook())
        storage.reprocess(storage.text.utf8Range)
        try storage.replaceCharacters(in: 10..<11, with: " ")
        // `http //example.com/path`: what is left is a protocol-relative link.
        #expect(links(of: storage) == [["//example.com/path", "http://example.com/path"]])
        try storage.replaceCharacters(in: 17..<25, with: "")
        #expect(links(of: storage).isEmpty)
    }

    @Test func lineBreakingKeepsTheStoredLinksWhole() {
        let storage = TextStorage("intro\n日本 see https://example.com/a/b/c now\n")
        storage.addHook(LinkDetectionHook())
        storage.reprocess(storage.text.utf8Range)
        let paragraph = storage.paragraphRange(for: 7..<8)
        // "日本 see " is 9 columns and 7 UTF-16 units; the link is 25 units.
        #expect(LineBreaker().breaks(inParagraph: paragraph, of: storage, columns: 26) == [7, 33])
        #expect(LineBreaker().breaks(in: storage.text.substring(paragraph), columns: 26) != [7, 33])
    }

    @Test func randomEditsMatchDetectionFromScratch() throws {
        let seed = SeededGenerator.seedFromEnvironment(fallback: 0x11_4C5)
        var generator = SeededGenerator(seed: seed)
        let pieces = [
            "http://", "example.com", " ", "\n", "www.", "a", "@", ".", "/x", "(", ")", "日本", "io", "b@c.org",
        ]
        let storage = TextStorage("")
        storage.addHook(LinkDetectionHook())
        let detector = LinkDetector()
        for step in 0..<300 {
            let text = storage.string
            let boundaries =
                [0]
                + text.unicodeScalars.indices.dropFirst().map {
                    text.utf8.distance(from: text.startIndex, to: $0)
                }
                + [text.utf8.count]
            let lower = boundaries.randomElement(using: &generator)!
            var upper = boundaries.filter { $0 >= lower }.randomElement(using: &generator)!
            if Int.random(in: 0..<3, using: &generator) > 0 { upper = min(upper, lower + 3) }
            upper = boundaries.first { $0 >= upper } ?? lower
            let insertion = (0..<Int.random(in: 0...3, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            try storage.replaceCharacters(in: lower..<upper, with: insertion)
            let final = storage.string
            let expected = detector.links(in: final).map { [String($0.text(in: final)), $0.target] }
            #expect(links(of: storage) == expected, "seed \(seed) step \(step): \(final.debugDescription)")
        }
    }
}
