import GrammarEngine
import TestSupport
import Testing
import ThemeEngine

@testable import Rendering

@Suite struct ANSIRendererTests {
    static let escape = "\u{1B}["

    @Test func colourOffGivesTheTextUnchanged() {
        let (text, tokens) = RendererFixtures.document()
        let renderer = ANSIRenderer(theme: RendererFixtures.theme, configuration: .init(colorEnabled: false))
        let output = renderer.render(text: text, tokens: tokens)
        #expect(output == text)
        #expect(!output.contains(Self.escape))
    }

    @Test func colourOnEmitsTrueColourAndFontEscapes() {
        let (text, tokens) = RendererFixtures.document()
        let renderer = ANSIRenderer(theme: RendererFixtures.theme, configuration: .init(colorEnabled: true))
        let output = renderer.render(text: text, tokens: tokens)
        #expect(output.contains("\u{1B}[1;38;2;199;146;234mlet"))
        #expect(output.contains("\u{1B}[38;2;165;204;130;48;2;32;40;48m\"a<b>&c\""))
        #expect(output.contains("\u{1B}[3;4;9;38;2;110;120;137m// é😀"))
        // The default background is left to the terminal unless asked for.
        #expect(!output.contains("48;2;16;16;16"))
        let stripped = output.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == text)
    }

    @Test func everyLineEndsWithAResetBeforeTheBreak() {
        let text = "ab\r\ncd\nef"
        let tokens = [DocumentToken(range: 0..<text.utf8.count, scopes: ["string"])]
        let renderer = ANSIRenderer(theme: RendererFixtures.theme, configuration: .init(colorEnabled: true))
        let output = renderer.render(text: text, tokens: tokens)
        let open = "\u{1B}[38;2;165;204;130;48;2;32;40;48m"
        #expect(output == "\(open)ab\u{1B}[0m\r\n\(open)cd\u{1B}[0m\n\(open)ef\u{1B}[0m")
    }

    @Test func paintingTheDefaultBackgroundIsAnOption() {
        let renderer = ANSIRenderer(
            theme: RendererFixtures.theme,
            configuration: .init(colorEnabled: true, paintsDefaultBackground: true))
        let output = renderer.render(text: "x", tokens: [DocumentToken(range: 0..<1, scopes: ["source"])])
        #expect(output == "\u{1B}[38;2;248;248;248;48;2;16;16;16mx\u{1B}[0m")
    }

    @Test func untokenizedAndOutOfRangeTextStillRenders() {
        let tokens = [
            DocumentToken(range: 2..<40, scopes: ["keyword"]), DocumentToken(range: 10..<12, scopes: ["x"]),
        ]
        let renderer = ANSIRenderer(theme: RendererFixtures.theme, configuration: .init(colorEnabled: true))
        let output = renderer.render(text: "abcd", tokens: tokens)
        #expect(output.replacing(/\x{1B}\[[0-9;]*m/, with: "") == "abcd")
    }

    @Test(arguments: [
        ([String: String](), true, true), (["NO_COLOR": "1"], true, false), (["NO_COLOR": ""], true, true),
        ([:], false, false), (["TERM": "xterm"], false, false),
    ])
    func colourIsDecidedByNoColorAndTheTerminal(
        _ environment: [String: String], _ isTerminal: Bool, _ expected: Bool
    ) {
        #expect(
            ANSIRenderer.shouldUseColor(environment: environment, outputIsTerminal: isTerminal) == expected)
    }
}

/// The ANSI writer's parts, cut after line feeds and written side by side, against one pass.
@Suite struct ANSIRendererPartsTests {
    /// Many lines (LF and CRLF, some empty), tokens that run across line breaks, gaps between
    /// tokens and some overlapping ones.
    static func document(lines: Int, seed: UInt64) -> (String, [DocumentToken]) {
        var generator = SeededGenerator(seed: seed)
        let scopes: [[String]] = [
            ["source.js"], ["source.js", "keyword.control.js"], ["source.js", "string.quoted.double.js"],
            ["source.js", "comment.block.js"], ["source.js", "constant.numeric.js"],
        ]
        var text = ""
        for line in 0..<lines {
            text += String(repeating: "ab c", count: Int(generator.next() % 6))
            text += line % 7 == 0 ? "\r\n" : "\n"
        }
        let length = text.utf8.count
        var tokens: [DocumentToken] = []
        var offset = 0
        while offset < length {
            let start = offset + Int(generator.next() % 3) - 1
            let end = min(length, start + 1 + Int(generator.next() % 8))
            tokens.append(
                DocumentToken(range: max(0, start)..<end, scopes: scopes[Int(generator.next() % 5)]))
            offset = end
        }
        return (text, tokens)
    }

    @Test(arguments: [2, 3, 8])
    func partsWrittenSideBySideAreThePassOverTheWhole(jobs: Int) throws {
        let (text, tokens) = Self.document(lines: 30_000, seed: 32)
        #expect(tokens.count > 8 * StyledDocument.minimumTokensPerPart)
        let theme = try Theme.builtIn(named: "dark")
        let configuration = ANSIRenderer.Configuration(colorEnabled: true)
        let whole = ANSIRenderer(theme: theme, configuration: configuration, jobs: 1).renderBytes(
            text: text, tokens: tokens)
        let parted = ANSIRenderer(theme: theme, configuration: configuration, jobs: jobs).renderBytes(
            text: text, tokens: tokens)
        #expect(parted == whole)
    }

    @Test func partsEndAfterLineFeeds() {
        let bytes = Array("a\nbb\r\nccc\n\ndddd".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            for count in 1...6 {
                let parts = ANSIRenderer.parts(of: buffer, count: count)
                #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == bytes.count)
                #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                #expect(parts.dropLast().allSatisfy { bytes[$0.upperBound - 1] == UInt8(ascii: "\n") })
                #expect(parts.count <= count)
            }
        }
    }
}
