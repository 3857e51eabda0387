import DocumentStorage
import RichText
import TestSupport
import Testing
import TextRope

@Suite("DisplayText")
struct DisplayTextTests {
    static func display(of storage: TextStorage) -> DisplayText {
        DisplayText(plain: storage.string, spans: storage.spans(in: storage.text.utf8Range))
    }

    @Test func shortcodesBecomeTheirAttachmentsText() throws {
        let storage = try SpanFixtures.storage("啊啊啊[赞] [ok] [x] @bob:+1:")
        let display = Self.display(of: storage)
        #expect(display.text == "啊啊啊👍 \u{FFFC} [x] @bob👍")
        #expect(display.attachments.map(\.shortcode) == ["[赞]", "[ok]", ":+1:"])
        #expect(display.attachments[1].attachment == SpanAttachment(image: "ok.png"))
        #expect(display.plainText == storage.string)
    }

    @Test func randomTextsRoundTripExactly() throws {
        let seed = SeededGenerator.seedFromEnvironment(fallback: 0xD15_B1A7)
        var random = SeededGenerator(seed: seed)
        let storage = try SpanFixtures.storage("")
        for step in 0..<200 {
            let (range, text) = SpanEditGenerator.edit(of: storage.string, using: &random)
            try storage.replaceCharacters(in: range, with: text)
            let plain = storage.string
            let display = Self.display(of: storage)
            let context = Comment(rawValue: "seed \(seed) step \(step): \(plain.debugDescription)")
            #expect(display.plainText == plain, context)
            // Every attachment's ranges hold what they say, and the text between them is copied.
            let plainBytes = Array(plain.utf8)
            let displayBytes = Array(display.text.utf8)
            var plainPosition = 0
            var displayPosition = 0
            for attachment in display.attachments {
                #expect(
                    Array(plainBytes[attachment.plainRange.bytes]) == Array(attachment.shortcode.utf8),
                    context)
                #expect(
                    Array(displayBytes[attachment.displayRange.bytes])
                        == Array(attachment.attachment.displayText.utf8),
                    context)
                #expect(
                    plainBytes[plainPosition..<attachment.plainRange.lowerBound.rawValue]
                        == displayBytes[displayPosition..<attachment.displayRange.lowerBound.rawValue],
                    context)
                plainPosition = attachment.plainRange.upperBound.rawValue
                displayPosition = attachment.displayRange.upperBound.rawValue
            }
            let shortcodes = SpanFixtures.oracle.spans(of: plain).filter { $0[1] == "shortcode" }.map {
                $0[0]
            }
            #expect(display.attachments.map(\.shortcode) == shortcodes, context)
        }
    }
}
