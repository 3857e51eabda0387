import Testing
import TextSegmentation

@Suite("LineBreaker")
struct LineBreakerTests {
    let breaker = LineBreaker()

    /// The text of each line `breaker` makes.
    func lineTexts(_ text: String, columns: Int, unbreakable: [Range<Int>] = []) -> [String] {
        let units = Array(text.utf16)
        return breaker.lines(in: text, columns: columns, unbreakable: unbreakable).map {
            String(decoding: units[$0], as: UTF16.self)
        }
    }

    @Test func wrapsAtSpacesLeavingTrailingSpacesHanging() {
        // "hello big" fills 9 columns exactly; the space after it hangs.
        #expect(lineTexts("hello big world", columns: 9) == ["hello big ", "world"])
        #expect(breaker.breaks(in: "hello big world", columns: 9) == [10])
        #expect(lineTexts("hello big world", columns: 8) == ["hello ", "big ", "world"])
    }

    @Test func textThatFitsIsNotWrapped() {
        #expect(breaker.breaks(in: "hello world", columns: 11).isEmpty)
        #expect(breaker.breaks(in: "", columns: 5).isEmpty)
    }

    @Test func hardBreaksStartNewLinesButAreNotSoftWraps() {
        #expect(lineTexts("ab\ncd ef", columns: 4) == ["ab\n", "cd ", "ef"])
        #expect(breaker.breaks(in: "ab\ncd ef", columns: 4) == [6])
    }

    @Test func neverBreaksInsideAnUnbreakableSpanThatFits() {
        let text = "see http://example.com/a-b-c now"
        // ICU allows breaks after `/` and `-` in the URL; the span forbids them.
        let url = 4..<26
        #expect(
            lineTexts(text, columns: 24, unbreakable: [url]) == ["see ", "http://example.com/a-b-c ", "now"])
        #expect(lineTexts(text, columns: 24) != ["see ", "http://example.com/a-b-c ", "now"])
    }

    @Test func aSpanWiderThanTheLineStartsANewLineThenBreaksAtGraphemes() {
        let text = "go http://example.com"
        let url = 3..<21
        #expect(lineTexts(text, columns: 8, unbreakable: [url]) == ["go ", "http://e", "xample.c", "om"])
    }

    @Test func linksFromTheDetectorStayWhole() {
        let text = "read https://example.com/x/y/z today"
        let links = LinkDetector().links(in: text)
        #expect(links.count == 1)
        #expect(breaker.breaks(in: text, columns: 26, keepingWhole: links) == [5, 31])
    }

    @Test func cjkWrapsBetweenIdeographsByWidth() {
        #expect(lineTexts("日本語日本語", columns: 5) == ["日本", "語日", "本語"])
    }

    @Test func emojiSequencesAreNeverSplit() {
        let text = "👍🏽👍🏽👍🏽"
        #expect(lineTexts(text, columns: 3) == ["👍🏽", "👍🏽", "👍🏽"])
    }

    @Test func tabsAdvanceToConfiguredStops() {
        let tabbed = LineBreaker(configuration: .init(tabWidth: 4))
        // "a\t" reaches column 4; "bc" fits into 6 columns, "bcd" does not.
        #expect(tabbed.breaks(in: "a\tbc", columns: 6).isEmpty)
        #expect(tabbed.breaks(in: "a\tbcd", columns: 6) == [2])
    }
}
