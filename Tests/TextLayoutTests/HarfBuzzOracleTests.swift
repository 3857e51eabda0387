import Foundation
import Testing
import TextLayout

/// Our shaping equals HarfBuzz's own command-line shaper, `hb-shape` (Debian
/// libharfbuzz-bin), glyph for glyph: index, cluster, advances and offsets in font units.
@Suite(.enabled(if: LayoutFonts.present, "the layout fonts are not installed (scripts/setup-system.sh)"))
struct HarfBuzzOracleTests {
    struct Case: CustomStringConvertible, Sendable {
        var font: String
        var text: String
        var description: String { "\(URL(fileURLWithPath: font).lastPathComponent): \(text)" }
    }

    static let corpus: [Case] = [
        // Kerning pairs and f-ligatures.
        Case(font: LayoutFonts.serif, text: "AVATAR Wa To Yo LT office fi ffl flow"),
        Case(font: LayoutFonts.sans, text: "Type \"quoted\" — AWAY, l'été à Köln"),
        // Arabic: joining forms, right to left, a mark.
        Case(font: LayoutFonts.sans, text: "مرحبا بالعالم"),
        Case(font: LayoutFonts.sans, text: "كِتاب"),
        // CJK and kana.
        Case(font: LayoutFonts.cjk, text: "漢字かな交じり文、テキストの組版。"),
        // Emoji: ZWJ families, skin tones, a flag, a keycap.
        Case(font: LayoutFonts.emoji, text: "👩‍👩‍👧‍👦👍🏽🏳️‍🌈🇫🇷1️⃣"),
    ]

    /// `hb-shape`'s glyphs for `text` in `font`, clusters converted from its character
    /// indices to UTF-16 offsets.
    static func oracle(_ test: Case) throws -> [ShapedGlyph] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = [test.font, test.text, "--output-format=json", "--no-glyph-names"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let glyphs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Int]])
        var utf16OfScalar: [Int] = []
        var offset = 0
        for scalar in test.text.unicodeScalars {
            utf16OfScalar.append(offset)
            offset += scalar.utf16.count
        }
        return try glyphs.map { glyph in
            ShapedGlyph(
                glyph: UInt32(try #require(glyph["g"])), cluster: utf16OfScalar[try #require(glyph["cl"])],
                xAdvance: Int32(try #require(glyph["ax"])), yAdvance: Int32(try #require(glyph["ay"])),
                xOffset: Int32(try #require(glyph["dx"])), yOffset: Int32(try #require(glyph["dy"])))
        }
    }

    @Test(arguments: corpus)
    func shapingEqualsHbShape(_ test: Case) throws {
        let expected = try Self.oracle(test)
        let shaped = Shaper.shape(test.text, font: try LayoutFonts.font(test.font))
        #expect(!expected.isEmpty)
        #expect(shaped == expected)
    }

    @Test func theCorpusExercisesKerningLigaturesAndNotdefFreeFallbacks() throws {
        // What the corpus is for, checked on hb-shape's own output: "AV" kerns (its advance
        // is less than A's and V's apart), "ffl" is one glyph, every emoji has a glyph.
        let serif = Case(font: LayoutFonts.serif, text: "AV")
        let pair = try Self.oracle(serif).reduce(0) { $0 + $1.xAdvance }
        let apart =
            try Self.oracle(Case(font: LayoutFonts.serif, text: "A"))[0].xAdvance
            + Self.oracle(Case(font: LayoutFonts.serif, text: "V"))[0].xAdvance
        #expect(pair < apart)
        #expect(try Self.oracle(Case(font: LayoutFonts.serif, text: "ffl")).count == 1)
        #expect(try Self.oracle(Self.corpus[5]).allSatisfy { $0.glyph != 0 })
    }
}
