import Foundation
import Testing
import ThemeEngine

/// Where a theme's default colours come from: its `colors`, through `include`, before any
/// built-in default; the base of its `type` or its extension's `uiTheme`; and, for a tmTheme
/// written as JSON that names none, vscode-textmate's black on white (the shape of
/// vscode-textmate's own `light_plus.json`, which includes a `light_vs.json` of token rules only).
@Suite struct ThemeDefaultColourTests {
    typealias F = ThemeFixtures

    @Test func aLegacyJSONThemeWithoutEditorColoursKeepsBlackOnWhite() throws {
        let folder = try F.scratchFolder()
        try F.write(
            """
            { "name": "Light Base", "settings": [ { "scope": "comment", "settings": { "foreground": "#008000" } } ] }
            """, to: "light_base.json", in: folder)
        let url = try F.write(
            """
            { "name": "Light Child", "include": "./light_base.json",
              "settings": [ { "scope": "keyword.control", "settings": { "foreground": "#AF00DB" } } ] }
            """, to: "light_child.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex.uppercased() == "#000000")
        #expect(theme.defaultStyle.background.hex.uppercased() == "#FFFFFF")
        #expect(theme.fg("comment") == "#008000")
    }

    @Test func editorColoursComeThroughIncludeBeforeAnyDefault() throws {
        let folder = try F.scratchFolder()
        try F.write(
            ##"{ "colors": { "editor.foreground": "#123456", "editor.background": "#FEDCBA" }, "tokenColors": [] }"##,
            to: "base.json", in: folder)
        let url = try F.write(
            ##"{ "include": "base.json", "tokenColors": [ { "scope": "string", "settings": { "foreground": "#FF0000" } } ] }"##,
            to: "child.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex.uppercased() == "#123456")
        #expect(theme.defaultStyle.background.hex.uppercased() == "#FEDCBA")
    }

    @Test func anExtensionsUIThemeDecidesTheDefaultsATypelessThemeLacks() throws {
        let folder = try F.scratchFolder()
        let url = try F.write(
            ##"{ "tokenColors": [ { "scope": "string", "settings": { "foreground": "#FF0000" } } ] }"##,
            to: "typeless.json", in: folder)
        let light = try Theme.load(ThemeCatalog.Entry(label: "L", path: url, uiTheme: "vs", origin: "test"))
        let dark = try Theme.load(
            ThemeCatalog.Entry(label: "D", path: url, uiTheme: "vs-dark", origin: "test"))
        let alone = try Theme.load(from: url)
        #expect(light.defaultStyle.foreground.hex.uppercased() == "#000000")
        #expect(dark.defaultStyle.foreground.hex.uppercased() == "#D4D4D4")
        #expect(
            alone.defaultStyle.foreground.hex.uppercased() == "#D4D4D4", "VS Code's dark base without a type")
    }
}
