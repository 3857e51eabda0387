import DocumentStorage
import TestSupport
import Testing
import TextSegmentation

/// Large transactions detect links in slices; edits made while text is pending must not leave
/// any line undetected once the slices have run.
@Suite struct LinkDetectionSlicingTests {
    /// (range, target) of every link, comparable across storages.
    private func links(of storage: TextStorage) -> [String] {
        storage.links(in: storage.text.utf8Range).map { "\($0.range) \($0.link.target)" }
    }

    private func settled(_ text: String) -> [String] {
        let fresh = TextStorage(text)
        fresh.addHook(LinkDetectionHook(sliceLength: .max))
        fresh.reprocess(fresh.text.utf8Range)
        return links(of: fresh)
    }

    @Test func aLargeOpenDetectsItsFirstSliceAtOnceAndTheRestInSlices() {
        let text = (0..<200).map { "line \($0) see www.example\($0).com now\n" }.joined()
        let storage = TextStorage(text)
        let hook = LinkDetectionHook(sliceLength: 512)
        storage.addHook(hook)
        storage.reprocess(storage.text.utf8Range)
        let first = storage.links(in: storage.text.utf8Range)
        #expect(!first.isEmpty && first.allSatisfy { $0.range.upperBound <= 1024 })
        #expect(!hook.isSettled)
        var slices = 0
        while hook.detectNextSlice(in: storage) { slices += 1 }
        #expect(slices > 5)
        #expect(links(of: storage) == settled(text))
    }

    @Test func aSliceAfterAnEditStartingInsideALineKeepsTheLinkWhole() throws {
        // Joining two lines inside the pending text leaves the pending range starting in the
        // middle of the joined line; the next slice must still detect whole lines (found by
        // the FuzzStorage target).
        let text = "a\nb\ngo www.exa\nmple.com now\nc\n"
        let storage = TextStorage(text)
        // The open detects the first three lines (through "go www.exa\n"); the rest is pending.
        let hook = LinkDetectionHook(sliceLength: 12)
        storage.addHook(hook)
        storage.reprocess(storage.text.utf8Range)
        #expect(hook.pendingRange?.lowerBound == 15)
        let newline = 14  // the line break in "www.exa\nmple.com"
        try storage.replaceCharacters(in: newline..<(newline + 1), with: "")
        while hook.detectNextSlice(in: storage) {}
        #expect(links(of: storage) == settled(storage.string))
        #expect(links(of: storage).count == 1)
    }

    @Test(arguments: [1, 16, 64, 300, 5000])
    func randomEditsDuringSlicingConvergeToAFullDetection(sliceLength: Int) throws {
        var random = SeededGenerator(fallback: UInt64(0x51CE + sliceLength))
        let pieces = ["www.a.com", " ", "\n", "http://x.io/p", "é", "mail@b.org", "\r\n", "x", ".", "日本"]
        var text = (0..<300).map { _ in pieces.randomElement(using: &random)! }.joined()
        let storage = TextStorage(text)
        let hook = LinkDetectionHook(sliceLength: sliceLength)
        storage.addHook(hook)
        storage.reprocess(storage.text.utf8Range)
        for _ in 0..<300 {
            if Int.random(in: 0..<10, using: &random) == 0 { hook.detectNextSlice(in: storage) }
            let scalars = Array(text.unicodeScalars)
            let start = Int.random(in: 0...scalars.count, using: &random)
            let end = min(scalars.count, start + Int.random(in: 0...4, using: &random))
            let inserted = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }.joined()
            do {
                try storage.replaceCharacters(in: start..<end, unit: .utf32, with: inserted)
            } catch {
                continue  // between \r and \n: rejected, nothing changed
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[..<start])
            view.append(contentsOf: inserted.unicodeScalars)
            view.append(contentsOf: scalars[end...])
            text = String(view)
        }
        while hook.detectNextSlice(in: storage) {}
        #expect(storage.string == text)
        #expect(links(of: storage) == settled(text), "seed \(random.seed)")
    }
}
