import Foundation
import Testing
import ThemeEngine

@Suite struct ThemeLoadingTests {
    typealias F = ThemeFixtures

    static let textMateTheme = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>name</key><string>Scratch</string>
            <key>settings</key>
            <array>
                <dict><key>settings</key><dict>
                    <key>foreground</key><string>#eeeeee</string>
                    <key>background</key><string>#111111</string>
                    <key>caret</key><string>#ffffff</string>
                </dict></dict>
                <dict>
                    <key>scope</key><string>comment, string.quoted,</string>
                    <key>settings</key><dict>
                        <key>foreground</key><string>#778899</string>
                        <key>fontStyle</key><string>italic</string>
                    </dict>
                </dict>
                <dict><key>scope</key><string>keyword</string></dict>
            </array>
        </dict>
        </plist>
        """

    @Test func textMateThemesLoadWithTheirGlobalSettingsAsDefaults() throws {
        let folder = try F.scratchFolder()
        let url = try F.write(Self.textMateTheme, to: "scratch.tmTheme", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.name == "Scratch")
        #expect(theme.defaultStyle.foreground.hex == "#EEEEEE")
        #expect(theme.defaultStyle.background.hex == "#111111")
        #expect(theme.fg("source comment.line") == "#778899")
        #expect(theme.style(forScopes: ["string.quoted.double"]).fontStyle == .italic)
        #expect(theme.fg("keyword") == "#EEEEEE")
    }

    @Test func vscodeThemesToleratesCommentsAndTrailingCommas() throws {
        let folder = try F.scratchFolder()
        let url = try F.write(
            """
            // A VS Code theme, as people write them.
            {
                "name": "Scratch Dark", /* inline */ "type": "dark",
                "colors": { "editor.foreground": "#ddd", "editor.background": "#202020", },
                "tokenColors": [
                    { "settings": { "foreground": "#ff0000", "background": "#00ff00" } },
                    { "scope": "", "settings": { "foreground": "#ff0000" } },
                    { "scope": ["keyword", "storage // not a comment"], "settings": { "foreground": "#c0c0ff", }, },
                    { "scope": "string", "settings": { "foreground": "#a0ffa0", "fontStyle": "" } },
                ],
            }
            """, to: "scratch-color-theme.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.name == "Scratch Dark")
        // editor.* colours make the default rule; scope-less tokenColors entries are dropped.
        #expect(theme.defaultStyle.foreground.hex == "#DDDDDD")
        #expect(theme.defaultStyle.background.hex == "#202020")
        #expect(theme.fg("keyword.control") == "#C0C0FF")
        #expect(theme.fg("string") == "#A0FFA0")
    }

    @Test func commentMarkersInsideStringsAreKept() throws {
        let folder = try F.scratchFolder()
        let url = try F.write(
            #"{ "name": "a \"b\" /* c */ // d,]", "type": "light", "tokenColors": [], }"#, to: "s.json",
            in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.name == #"a "b" /* c */ // d,]"#)
        #expect(theme.defaultStyle.background.hex == "#FFFFFF")
    }

    @Test func vscodeIncludesResolveRelativeToTheFileAndTheIncluderWins() throws {
        let folder = try F.scratchFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("base"), withIntermediateDirectories: true)
        try F.write(
            """
            { "colors": { "editor.foreground": "#111111", "editor.background": "#fafafa" },
              "tokenColors": [ { "scope": "keyword", "settings": { "foreground": "#100000" } },
                               { "scope": "string", "settings": { "foreground": "#200000" } } ] }
            """, to: "base/base.json", in: folder)
        let url = try F.write(
            """
            { "include": "./base/base.json", "colors": { "editor.background": "#ffffff" },
              "tokenColors": [ { "scope": "keyword", "settings": { "foreground": "#300000" } } ] }
            """, to: "child.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex == "#111111")
        #expect(theme.defaultStyle.background.hex == "#FFFFFF")
        #expect(theme.fg("keyword") == "#300000")
        #expect(theme.fg("string") == "#200000")
    }

    @Test func vscodeTokenColorsMayNameATextMateTheme() throws {
        let folder = try F.scratchFolder()
        try F.write(Self.textMateTheme, to: "scratch.tmTheme", in: folder)
        let url = try F.write(
            #"{ "type": "dark", "tokenColors": "scratch.tmTheme" }"#, to: "wrapper.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex == "#EEEEEE")
        #expect(theme.defaultStyle.background.hex == "#111111")
        #expect(theme.fg("comment") == "#778899")
    }

    @Test func rawJSONThemesUseTheTextMateShape() throws {
        let folder = try F.scratchFolder()
        let url = try F.write(
            """
            { "name": "Raw", "settings": [
                { "settings": { "foreground": "#010101", "background": "#fefefe" } },
                { "scope": "constant.numeric", "settings": { "foreground": "#0000aa", "fontStyle": "bold" } } ] }
            """, to: "raw.json", in: folder)
        let theme = try Theme.load(from: url)
        #expect(theme.defaultStyle.foreground.hex == "#010101")
        #expect(theme.fg("constant.numeric.integer") == "#0000AA")
    }

    @Test func missingFilesAreUnreadableErrorsNamingThePath() throws {
        let folder = try F.scratchFolder()
        let url = folder.appendingPathComponent("absent.json")
        #expect(throws: ThemeError.unreadable(path: url.path, reason: "no such file")) {
            try Theme.load(from: url)
        }
    }

    @Test(arguments: [
        "{ \"tokenColors\": [ ", "[1, 2]", "{ \"name\": \"nothing\" }", "<plist><array/></plist>",
    ])
    func malformedFilesAreMalformedErrorsNamingThePath(_ contents: String) throws {
        let folder = try F.scratchFolder()
        let url = try F.write(contents, to: "bad.json", in: folder)
        do {
            _ = try Theme.load(from: url)
            Issue.record("expected a malformed-theme error")
        } catch {
            guard case .malformed(let path, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == url.path)
            #expect(error.description.contains(url.path))
        }
    }

    @Test func includeCyclesAreReported() throws {
        let folder = try F.scratchFolder()
        try F.write(#"{ "include": "b.json" }"#, to: "a.json", in: folder)
        let url = try F.write(#"{ "include": "a.json" }"#, to: "b.json", in: folder)
        #expect(throws: ThemeError.self) { try Theme.load(from: url) }
        do {
            _ = try Theme.load(from: url)
        } catch {
            guard case .includeCycle = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }
}
