import Foundation
import TestSupport
import Testing
import TextLayout
import TextRope

@Suite(.enabled(if: LayoutFonts.present, "the layout fonts are not installed (scripts/setup-system.sh)"))
struct ParagraphLayoutTests {
    static func layout(_ path: String = LayoutFonts.sans, size: Double = 16) throws -> ParagraphLayout {
        try ParagraphLayout(fonts: FontSet(primary: try LayoutFonts.font(path)), size: size)
    }

    @Test func aLigatureSplitsItsWidthEvenlyAmongItsCharacters() throws {
        let font = try LayoutFonts.font(LayoutFonts.serif)
        let fragments = try Self.layout(LayoutFonts.serif, size: 20).fragments(
            of: "office baffle", width: 500)
        let clusters = try #require(fragments.first?.clusters)
        #expect(clusters.map(\.range.units) == (0..<13).map { $0..<($0 + 1) })
        for (left, right) in zip(clusters, clusters.dropFirst()) {
            #expect(abs(left.rect.maxX - right.rect.x) < 1e-9, "clusters are contiguous")
        }
        // DejaVu Serif joins "ff" (and "ffl") into one glyph: its characters share its advance.
        let glyphs = Shaper.shape("office baffle", font: font)
        let starts = glyphs.map(\.cluster)
        var ligatures = 0
        for (index, glyph) in glyphs.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : 13
            guard end - glyph.cluster > 1 else { continue }
            ligatures += 1
            let share = Double(glyph.xAdvance) * 20 / Double(font.unitsPerEm) / Double(end - glyph.cluster)
            for offset in glyph.cluster..<end {
                #expect(abs(clusters[offset].rect.width - share) < 1e-9)
            }
        }
        #expect(ligatures == 2)
    }

    @Test func charactersThePrimaryFontLacksComeFromAFallbackFont() throws {
        // DejaVu Sans has no CJK: fontconfig's font for it sets ideographs one em wide.
        let fragments = try Self.layout(LayoutFonts.sans, size: 20).fragments(of: "漢字", width: 500)
        let widths = try #require(fragments.first?.clusters.map(\.rect.width))
        #expect(widths == [20, 20])
    }

    @Test func linesBreakAtSpacesWithinTheWidthAndSpacesHang() throws {
        let layout = try Self.layout(size: 10)
        let text = "one two three four five six seven eight nine ten"
        let fragments = try layout.fragments(of: text, width: 80)
        #expect(fragments.count > 1)
        let units = Array(text.utf16)
        for fragment in fragments {
            #expect(fragment.rect.maxX <= 80)
            // Each line but the last ends after a space (which hangs: not in the rect's width).
            if fragment.range.upperBound.rawValue < units.count {
                #expect(units[fragment.range.upperBound.rawValue - 1] == 0x20)
            }
            #expect(fragment.rect.height == layout.lineHeight)
            #expect(fragment.baseline > fragment.rect.y && fragment.baseline < fragment.rect.maxY)
        }
        for (upper, lower) in zip(fragments, fragments.dropFirst()) {
            #expect(lower.rect.y == upper.rect.maxY)
        }
    }

    @Test func badMeasuresAreRefused() throws {
        #expect(throws: LayoutError.invalidMeasure(name: "size", value: 0)) {
            try Self.layout(size: 0)
        }
        for width in [0, -1, Double.nan, Double.infinity] {
            #expect(throws: LayoutError.self) { try Self.layout().fragments(of: "a", width: width) }
        }
        #expect(throws: LayoutError.unreadableFontFile(path: "/nonexistent.ttf", reason: "no such file")) {
            try LayoutFont(path: "/nonexistent.ttf")
        }
    }

    /// Properties on random text and widths: every UTF-16 unit in exactly one fragment, in
    /// order; clusters tile each fragment; nothing leaves the container but a lone grapheme or
    /// an unbreakable span wider than the line; no line ends inside an unbreakable span that
    /// fits.
    @Test func randomTextKeepsTheLayoutInvariants() throws {
        var random = SeededGenerator(fallback: 0x1A70)
        let layout = try Self.layout(size: 12)
        for _ in 0..<150 {
            var text = RandomText.string(maxPieces: 40, using: &random)
            var unbreakable: [Range<UTF16Offset>] = []
            if Bool.random(using: &random) {
                let start = text.utf16.count + 1
                text += " www.example.org/a/long/path"
                unbreakable = [Range(units: start..<text.utf16.count)]
            }
            let width = Double.random(in: 8...200, using: &random)
            let fragments = try layout.fragments(of: text, width: width, unbreakable: unbreakable)
            var next = 0
            for fragment in fragments {
                #expect(fragment.range.lowerBound.rawValue == next, "\(text.debugDescription)")
                next = fragment.range.upperBound.rawValue
                #expect(
                    fragment.clusters.first?.range.lowerBound ?? fragment.range.lowerBound
                        == fragment.range.lowerBound)
                #expect(
                    fragment.clusters.last?.range.upperBound ?? fragment.range.upperBound
                        == fragment.range.upperBound)
                for cluster in fragment.clusters {
                    #expect(cluster.rect.x >= 0 && cluster.rect.maxX <= width + 1e-9)
                }
                if fragment.rect.width > width + 1e-9 {
                    let whole = fragment.clusters.filter { $0.rect.width > 0 }.count <= 1
                    let insideSpan = unbreakable.contains { $0.lowerBound <= fragment.range.lowerBound }
                    #expect(whole || insideSpan, "\(text.debugDescription) at width \(width)")
                }
            }
            #expect(next == text.utf16.count, "\(text.debugDescription)")
            if let span = unbreakable.first {
                let link = String(text.utf16.dropFirst(span.lowerBound.rawValue).prefix(span.count)) ?? ""
                let spanWidth = try layout.fragments(of: link, width: 1e6).first?.rect.width ?? 0
                if spanWidth <= width {
                    for fragment in fragments.dropFirst() {
                        #expect(
                            !(span.lowerBound < fragment.range.lowerBound
                                && fragment.range.lowerBound < span.upperBound),
                            "a line starts inside the link in \(text.debugDescription) at width \(width)")
                    }
                }
            }
        }
    }
}
