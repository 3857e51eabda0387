import Foundation
import TestSupport
import Testing
import TextLayout
import TextRope

/// GNU FriBidi's command-line tool (Debian libfribidi-bin), an implementation of the Unicode
/// Bidirectional Algorithm independent of ICU's, which the layout uses.
enum FriBidi {
    static let path = "/usr/bin/fribidi"

    /// Whether the tool is installed (scripts/setup-system.sh installs it); under `CI=true`
    /// a missing tool fails the tests instead of skipping them.
    static var present: Bool {
        FileManager.default.isExecutableFile(atPath: path) && LayoutFonts.present
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The logical index of each Unicode scalar of the one-line `text`, left to right as
    /// FriBidi shows them; the base direction is `base` (`"--ltr"`, `"--rtl"`), or from the
    /// first strong character when nil, as ours.
    static func visualToLogical(_ text: String, base: String? = nil) throws -> [Int] {
        try run(text, ["--vtol"] + (base.map { [$0] } ?? []))
    }

    /// The resolved bidi level of each Unicode scalar of the one-line `text`.
    static func levels(_ text: String) throws -> [Int] {
        try run(text, ["--levels"])
    }

    private static func run(_ text: String, _ options: [String]) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--nopad", "--nobreak", "--novisual"] + options
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return try line.split(separator: " ").map { try #require(Int($0)) }
    }
}

/// Lines with text of both directions are placed as the Unicode Bidirectional Algorithm
/// orders them: the clusters of one line, read left to right by their rects, come in the
/// order FriBidi gives, and right-to-left paragraphs align right.
@Suite(
    .enabled(if: FriBidi.present, "fribidi or the layout fonts are not installed (scripts/setup-system.sh)"))
struct BidiOracleTests {
    static let corpus = [
        "abc שלום 123 def",
        "שלום abc, 12 עולם  ",
        "مرحبا 2024 بالعالم!",
        "(א) [b] {ג} <d>",
        "abc \u{2067}שלום def\u{2069} ghi",
        "עברית \u{200E}abc\u{200E}.",
        "price: 100₪ מחיר, 3.5%",
        "a\tשלום\tb",
        "كِتاب and text",
        "one two שְׁלוֹם three",
        "١٢٣ عربي 456-789 +10",
        "plain left to right text",
    ]

    static let width = 10_000.0

    static func line(_ text: String, base: ParagraphStyle.BaseDirection = .auto) throws -> LineFragment {
        let layout = try ParagraphLayout(
            fonts: FontSet(primary: try LayoutFonts.font(LayoutFonts.sans)), size: 16)
        let fragments = try layout.layout(
            text, in: [LayoutContainer(width: width)], style: ParagraphStyle(baseDirection: base))
        try #require(fragments.count == 1)
        return fragments[0]
    }

    @Test(arguments: corpus)
    func clustersReadLeftToRightInFriBidisOrder(_ text: String) throws {
        try Self.expectFriBidiOrder(of: try Self.line(text), in: text)
    }

    /// A forced base direction: the same order as FriBidi's with `--ltr` or `--rtl`, and the
    /// line aligned to that side even when its text is all of the other direction.
    @Test(arguments: corpus, [ParagraphStyle.BaseDirection.leftToRight, .rightToLeft])
    func aForcedBaseDirectionOrdersAndAlignsAsFriBidi(_ text: String, base: ParagraphStyle.BaseDirection)
        throws
    {
        let line = try Self.line(text, base: base)
        try Self.expectFriBidiOrder(of: line, in: text, base: base == .rightToLeft ? "--rtl" : "--ltr")
        if base == .rightToLeft {
            #expect(abs(line.rect.maxX - Self.width) < 1e-6)
        } else {
            #expect(line.rect.x == 0)
        }
    }

    @Test(arguments: corpus)
    func clustersAreRightToLeftWhereFriBidisLevelIsOdd(_ text: String) throws {
        let line = try Self.line(text)
        let levels = try FriBidi.levels(text)
        var offset = 0
        var levelAt: [Int: Int] = [:]
        for (index, scalar) in text.unicodeScalars.enumerated() {
            levelAt[offset] = levels[index]
            offset += scalar.utf16.count
        }
        for cluster in line.clusters {
            let level = try #require(levelAt[cluster.range.lowerBound.rawValue])
            #expect(cluster.isRightToLeft == (level % 2 == 1), "\(cluster.range) in \(text)")
        }
    }

    /// The clusters of `line` (a line of `text`), read left to right by their rects, come
    /// in the order FriBidi gives for the line's text, and touch.
    static func expectFriBidiOrder(of line: LineFragment, in text: String, base: String? = nil) throws {
        let units = Array(text.utf16)
        let lineText = String(decoding: units[line.range.units], as: UTF16.self)
        // Each scalar's cluster; clusters without width (marks, isolates) have no place.
        var clusterOfScalar: [Int] = []
        var offset = line.range.lowerBound.rawValue
        var cluster = 0
        for scalar in lineText.unicodeScalars {
            while cluster + 1 < line.clusters.count,
                line.clusters[cluster].range.upperBound.rawValue <= offset
            {
                cluster += 1
            }
            clusterOfScalar.append(cluster)
            offset += scalar.utf16.count
        }
        var expected: [Int] = []
        for scalar in try FriBidi.visualToLogical(lineText, base: base) {
            let index = clusterOfScalar[scalar]
            if line.clusters[index].rect.width > 0, expected.last != index { expected.append(index) }
        }
        let shown = line.clusters.indices.filter { line.clusters[$0].rect.width > 0 }
        let actual = shown.sorted { line.clusters[$0].rect.x < line.clusters[$1].rect.x }
        #expect(actual == expected, "\(lineText)")
        // Shown clusters touch: each starts where the one to its left ends.
        for (left, right) in zip(actual, actual.dropFirst()) {
            #expect(abs(line.clusters[left].rect.maxX - line.clusters[right].rect.x) < 1e-6)
        }
    }

    @Test func aRightToLeftLineAlignsRightAndHangsItsSpacesLeft() throws {
        let line = try Self.line("שלום abc, 12 עולם  ")
        #expect(abs(line.rect.maxX - Self.width) < 1e-6)
        let visible = line.clusters.filter { $0.rect.width > 0 }
        let rightmost = try #require(visible.max { $0.rect.maxX < $1.rect.maxX })
        #expect(rightmost.range == 0..<1)
        #expect(abs(rightmost.rect.maxX - Self.width) < 1e-6)
        // The trailing spaces sit left of the text, outside the line's box.
        let spaces = line.clusters.suffix(2)
        #expect(spaces.allSatisfy { $0.rect.maxX <= line.rect.x + 1e-6 })
    }

    @Test func aLeftToRightLineStartsAtTheLeftEdge() throws {
        let line = try Self.line("abc שלום 123 def")
        #expect(line.rect.x == 0)
        #expect(line.clusters[0].rect.x == 0)
    }

    /// A paragraph of words, each all Hebrew or all Latin, broken into lines: within a line,
    /// every neutral lies between two words of that line, and a line's trailing spaces take
    /// the base level (rule L1), so FriBidi on the line's own text, in the paragraph's base
    /// direction, is an oracle for each line (digits would not be: rule W7 looks back across
    /// the break).
    @Test(arguments: ["--rtl", "--ltr"])
    func wrappedLinesEachFollowFriBidiAndAlignToTheirBaseSide(_ base: String) throws {
        let hebrew = ["שלום", "עולם", "ספר", "מילה", "גדול"]
        let latin = ["abc", "def", "text", "word"]
        var generator = SeededGenerator(fallback: base == "--rtl" ? 16 : 17)
        var words = [base == "--rtl" ? "שלום" : "hello"]
        for _ in 0..<80 {
            let pool = Bool.random(using: &generator) ? hebrew : latin
            words.append(pool.randomElement(using: &generator)!)
        }
        let text = words.joined(separator: " ")
        let layout = try ParagraphLayout(
            fonts: FontSet(primary: try LayoutFonts.font(LayoutFonts.sans)), size: 16)
        let width = 180.0
        let fragments = try layout.layout(text, in: [LayoutContainer(width: width)])
        #expect(fragments.count > 5)
        for line in fragments {
            try Self.expectFriBidiOrder(of: line, in: text, base: base)
            if base == "--rtl" {
                #expect(abs(line.rect.maxX - width) < 1e-6)
            } else {
                #expect(line.rect.x == 0)
            }
            #expect(line.clusters.allSatisfy { $0.rect.x >= -1e-9 && $0.rect.maxX <= width + 1e-9 })
        }
    }
}
