import Foundation
import Testing
import ThemeEngine

/// Bracket pair colours come from a theme's `editorBracketHighlight.foreground1…6` (through
/// `include`, in order, stopping at the first gap), with VS Code's defaults when it names none.
@Suite struct ThemeBracketColourTests {
    typealias F = ThemeFixtures

    @Test func bracketColoursAreReadInOrderThroughIncludeAndStopAtAGap() throws {
        let folder = try F.scratchFolder()
        try F.write(
            """
            { "colors": { "editorBracketHighlight.foreground1": "#111111",
                          "editorBracketHighlight.foreground2": "#222", } }
            """, to: "base.json", in: folder)
        let url = try F.write(
            """
            // JSONC, as VS Code writes themes.
            { "include": "./base.json", "type": "dark",
              "colors": { "editorBracketHighlight.foreground2": "#abcdef",
                          "editorBracketHighlight.foreground3": "#333333",
                          "editorBracketHighlight.foreground5": "#555555",
                          "editorBracketHighlight.unexpectedBracket.foreground": "#ff000080" },
              "tokenColors": [] }
            """, to: "child.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.bracketColors.map { $0.hex.uppercased() } == ["#111111", "#ABCDEF", "#333333"])
        #expect(theme.unexpectedBracketColor.hex.uppercased() == "#FF000080")
    }

    @Test func aThemeWithoutBracketColoursGetsVSCodesDefaults() throws {
        let folder = try F.scratchFolder()
        let url = try F.write(#"{ "type": "light", "tokenColors": [] }"#, to: "plain.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.bracketColors.map { $0.hex.uppercased() } == ["#FFD700", "#DA70D6", "#179FFF"])
        #expect(theme.unexpectedBracketColor.hex.uppercased() == "#FF1212CC")
    }
}
