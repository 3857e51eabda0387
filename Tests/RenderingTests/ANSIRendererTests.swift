import GrammarEngine
import Rendering
import Testing
import ThemeEngine

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
