import Foundation
import Testing

@Suite struct LayoutCommandTests {
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    static var fontPresent: Bool {
        FileManager.default.fileExists(atPath: serif) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    @Test(.enabled(if: fontPresent, "DejaVu Serif is not installed (scripts/setup-system.sh)"))
    func jsonFragmentsTileTheTextInUTF16AndStayInTheWidth() throws {
        let text = "Type office baffle, see www.ex.org/x 漢字 😀\nsecond paragraph\r\nthird\n"
        let path = try BuiltBinary.temporaryFile(named: "story.txt", text)
        for font in [Self.serif, "DejaVu Serif"] {
            let result = try BuiltBinary.run([
                "layout", path, "--font", font, "--size", "14", "--width", "120",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let fragments = try #require(object["fragments"] as? [[String: Any]])
            var next = 0
            var top = 0.0
            for fragment in fragments {
                let range = try #require(fragment["range"] as? [Int])
                let rect = try #require(fragment["rect"] as? [Double])
                #expect(range[0] == next)
                next = range[1]
                #expect(rect.count == 4 && rect[0] == 0 && rect[2] <= 120)
                #expect(abs(rect[1] - top) < 0.002, "lines stack from the top")
                top = rect[1] + rect[3]
                #expect(fragment["fontSize"] as? Double == 14)
                let baseline = try #require(fragment["baseline"] as? Double)
                #expect(baseline > rect[1] && baseline < rect[1] + rect[3])
                let clusters = try #require(fragment["clusters"] as? [[String: Any]])
                #expect((clusters.first?["range"] as? [Int])?.first ?? range[0] == range[0])
            }
            #expect(next == text.utf16.count)
            // The link fits a line: no line starts inside it.
            let link = text.utf16.count - "www.ex.org/x 漢字 😀\nsecond paragraph\r\nthird\n".utf16.count
            let linkEnd = link + "www.ex.org/x".utf16.count
            for fragment in fragments {
                let start = (fragment["range"] as? [Int])?[0] ?? 0
                #expect(!(link < start && start < linkEnd))
            }
        }
    }

    @Test(.enabled(if: fontPresent, "DejaVu Sans is not installed (scripts/setup-system.sh)"))
    func svgDrawsARightToLeftRunFromItsRightEdgeInTheLayoutsOrder() throws {
        let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let path = try BuiltBinary.temporaryFile(named: "mixed.txt", "abc שלום def\n")
        let arguments = ["layout", path, "--font", sans, "--size", "16", "--width", "400"]
        let json = try BuiltBinary.run(arguments)
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let fragment = try #require((object["fragments"] as? [[String: Any]])?.first)
        let clusters = try #require(fragment["clusters"] as? [[String: Any]])
        let rects = try clusters.map { try #require($0["rect"] as? [Double]) }
        // ש (offset 4) is the Hebrew word's rightmost letter, ם (offset 7) its leftmost.
        #expect(rects[4][0] > rects[7][0])
        #expect(clusters.map { $0["rtl"] as? Bool == true } == (0..<13).map { (4..<8).contains($0) })
        let svg = try BuiltBinary.run(arguments + ["--format", "svg"])
        #expect(svg.status == 0, "\(svg.standardError)")
        let texts = svg.standardOutput.split(separator: "\n").filter { $0.hasPrefix("<text ") }
        let hebrew = try #require(texts.first { $0.contains(">שלום<") })
        #expect(hebrew.contains("direction=\"rtl\"") && hebrew.contains("unicode-bidi=\"bidi-override\""))
        let x = try #require(hebrew.split(separator: "\"").dropFirst().first.flatMap { Double($0) })
        #expect(abs(x - (rects[4][0] + rects[4][2])) < 0.01)
        #expect(texts.contains { $0.hasPrefix("<text x=\"0\"") && $0.contains(">abc <") })
    }

    @Test func aMissingFontFileOrABadWidthIsAClearError() throws {
        let path = try BuiltBinary.temporaryFile(named: "a.txt", "text\n")
        let missing = try BuiltBinary.run([
            "layout", path, "--font", "/nonexistent/font.ttf", "--size", "12", "--width", "100",
        ])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot read the font /nonexistent/font.ttf: no such file"))
        let badWidth = try BuiltBinary.run([
            "layout", path, "--font", Self.serif, "--size", "12", "--width=-5",
        ])
        #expect(badWidth.status == 1)
        #expect(badWidth.standardError.contains("width must be a finite positive number"))
    }
}
