import Testing
import TextSegmentation

@Suite("ColumnWidth")
struct ColumnWidthTests {
    @Test func japaneseIsTwoColumnsPerCharacter() {
        let width = "日本語".reduce(0) { $0 + ColumnWidth.of($1) }
        #expect(width == 6)
    }

    @Test func thumbsUpWithSkinToneIsOneGraphemeTwoColumnsWide() {
        let text = "👍🏽"
        #expect(text.count == 1)
        #expect(ColumnWidth.of(text.first!) == 2)
    }

    @Test func combiningAcuteAddsNoWidth() {
        let text = "e\u{0301}"
        #expect(text.count == 1)
        #expect(ColumnWidth.of(text.first!) == 1)
    }

    @Test(arguments: [
        ("a", 1), ("Ａ", 2), ("한", 2), ("\u{200D}", 0), ("\u{FE0F}", 0), ("❤\u{FE0F}", 2), ("❤", 1),
        ("👨\u{200D}👩\u{200D}👧", 2), ("🇯🇵", 2), ("\n", 0), ("é", 1),
    ])
    func graphemeWidths(grapheme: String, expected: Int) {
        #expect(grapheme.count == 1)
        #expect(ColumnWidth.of(grapheme.first!) == expected)
    }

    @Test func tabAdvancesToTheNextStop() {
        #expect(ColumnWidth.of("\t", atColumn: 0, tabWidth: 4) == 4)
        #expect(ColumnWidth.of("\t", atColumn: 3, tabWidth: 4) == 1)
        #expect(ColumnWidth.of("\t", atColumn: 4, tabWidth: 4) == 4)
    }
}
