import Foundation
import Testing
import ThemeEngine

/// Every shape a theme file comes in, as people drop their VS Code themes in: the colours
/// expected here are worked out by hand from the files, following how VS Code reads them
/// (include first; a JSON `settings` array is the tmTheme structure and, when present, the
/// file's `colors` and `tokenColors` are ignored).
@Suite struct ThemeFileShapeTests {
    typealias F = ThemeFixtures

    /// A base theme in the current VS Code shape that the others include.
    static let base = """
        { "name": "Base", "type": "dark",
          "colors": { "editor.foreground": "#101010", "editor.background": "#EEEEEE" },
          "tokenColors": [
            { "scope": "comment", "settings": { "foreground": "#0000AA", "fontStyle": "italic" } },
            { "scope": "string", "settings": { "foreground": "#00AA00" } },
            { "scope": "keyword", "settings": { "foreground": "#AA0000" } } ] }
        """

    @Test func includePlusSettingsReadsSettingsAsTokenColoursOverTheBase() throws {
        let folder = try F.scratchFolder()
        try F.write(Self.base, to: "base.json", in: folder)
        let url = try F.write(
            """
            { "name": "Legacy Child", "include": "./base.json",
              "settings": [
                { "settings": { "foreground": "#222222", "background": "#F0F0F0" } },
                { "name": "Keywords", "scope": "keyword, storage", "settings": { "foreground": "#CC00CC", "fontStyle": "bold" } },
                { "scope": "constant.numeric", "settings": { "foreground": "#0088FF" } } ] }
            """, to: "child.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.name == "Legacy Child")
        // The scope-less entry names the editor colours, replacing the base's.
        #expect(theme.defaultStyle.foreground.hex == "#222222")
        #expect(theme.defaultStyle.background.hex == "#F0F0F0")
        // The child's rules win over the base's; the base's other rules remain.
        #expect(theme.fg("source keyword.control") == "#CC00CC")
        #expect(theme.style(forScopes: ["keyword.control"]).fontStyle == .bold)
        #expect(theme.fg("storage.type") == "#CC00CC")
        #expect(theme.fg("constant.numeric.integer") == "#0088FF")
        #expect(theme.fg("comment.line") == "#0000AA")
        #expect(theme.style(forScopes: ["comment.line"]).fontStyle == .italic)
        #expect(theme.fg("string.quoted") == "#00AA00")
        #expect(theme.fg("variable") == "#222222")
    }

    @Test func settingsWinOverTokenColoursAndColoursInTheSameFile() throws {
        let folder = try F.scratchFolder()
        try F.write(Self.base, to: "base.json", in: folder)
        let url = try F.write(
            """
            { "include": "base.json",
              "colors": { "editor.foreground": "#ABCDEF" },
              "tokenColors": [ { "scope": "string", "settings": { "foreground": "#FF0000" } } ],
              "settings": [ { "scope": "string", "settings": { "foreground": "#00FFFF" } } ] }
            """, to: "mixed.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.fg("string") == "#00FFFF")
        #expect(theme.defaultStyle.foreground.hex == "#101010")
        #expect(theme.fg("keyword") == "#AA0000")
    }

    @Test func includePlusTokenColoursArrayExtendsTheBase() throws {
        let folder = try F.scratchFolder()
        try F.write(Self.base, to: "base.json", in: folder)
        let url = try F.write(
            """
            { "include": "./base.json", "colors": { "editor.background": "#FFFFFF" },
              "tokenColors": [ { "scope": "string", "settings": { "foreground": "#123456", "fontStyle": "underline" } } ] }
            """, to: "child.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex == "#101010")
        #expect(theme.defaultStyle.background.hex == "#FFFFFF")
        #expect(theme.fg("string") == "#123456")
        #expect(theme.style(forScopes: ["string"]).fontStyle == .underline)
        #expect(theme.fg("keyword") == "#AA0000")
    }

    @Test func includePlusTokenColoursPathReadsTheTmTheme() throws {
        let folder = try F.scratchFolder()
        try F.write(Self.base, to: "base.json", in: folder)
        try F.write(ThemeLoadingTests.textMateTheme, to: "scratch.tmTheme", in: folder)
        let url = try F.write(
            #"{ "include": "base.json", "tokenColors": "scratch.tmTheme" }"#, to: "child.json", in: folder)
        let theme = try Theme.load(from: url)
        // The tmTheme's global entry names the editor colours; its comment rule wins.
        #expect(theme.defaultStyle.foreground.hex == "#EEEEEE")
        #expect(theme.defaultStyle.background.hex == "#111111")
        #expect(theme.fg("comment") == "#778899")
        #expect(theme.fg("string.quoted.single") == "#778899")
        #expect(theme.fg("keyword") == "#AA0000")
    }

    @Test func aSettingsFileCanBeTheIncludedBase() throws {
        let folder = try F.scratchFolder()
        try F.write(
            """
            { "settings": [
                { "settings": { "foreground": "#333333", "background": "#CCCCCC" } },
                { "scope": "comment", "settings": { "foreground": "#445566" } } ] }
            """, to: "legacy-base.json", in: folder)
        let url = try F.write(
            """
            { "include": "legacy-base.json",
              "tokenColors": [ { "scope": "keyword", "settings": { "foreground": "#778800" } } ] }
            """, to: "modern.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex == "#333333")
        #expect(theme.defaultStyle.background.hex == "#CCCCCC")
        #expect(theme.fg("comment.block") == "#445566")
        #expect(theme.fg("keyword") == "#778800")
    }

    @Test func aTmThemeFileLoadsAsItself() throws {
        let folder = try F.scratchFolder()
        let url = try F.write(ThemeLoadingTests.textMateTheme, to: "plain.tmTheme", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex == "#EEEEEE")
        #expect(theme.fg("string.quoted.double") == "#778899")
        #expect(theme.fg("string.unquoted") == "#EEEEEE")
    }
}
