import Foundation
import ResourceFiles
import TestSupport
import Testing
import ThemeEngine

@Suite struct ProjectThemeTests {
    static let locator = ResourceLocator(
        environment: [:], executableURL: nil, workingDirectory: TestData.projectRoot)

    static let distinctScopes = [
        "comment.line.double-slash", "string.quoted.double", "keyword.control", "constant.numeric.integer",
        "entity.name.function", "entity.name.type.class", "markup.heading.1", "markup.inserted",
        "markup.deleted",
    ]

    @Test(arguments: Theme.builtInNames)
    func projectThemesGiveDistinctForegroundsToTheMainScopes(_ name: String) throws {
        let theme = try Theme.builtIn(named: name, locator: Self.locator)
        let foregrounds = Self.distinctScopes.map { theme.style(forScopes: ["source.test", $0]).foreground }
        #expect(
            Set(foregrounds).count == Self.distinctScopes.count, "\(zip(Self.distinctScopes, foregrounds))")
        #expect(!foregrounds.contains(theme.defaultStyle.foreground))
    }

    @Test(arguments: Theme.builtInNames)
    func projectThemesStyleMarkupAndInvalidText(_ name: String) throws {
        let theme = try Theme.builtIn(named: name, locator: Self.locator)
        #expect(theme.style(forScopes: ["text.md", "markup.bold"]).fontStyle == .bold)
        #expect(theme.style(forScopes: ["text.md", "markup.italic"]).fontStyle == .italic)
        #expect(theme.style(forScopes: ["text.md", "markup.underline.link"]).fontStyle == .underline)
        #expect(theme.style(forScopes: ["source.x", "comment.block"]).fontStyle == .italic)
        let invalid = theme.style(forScopes: ["source.x", "invalid.illegal"])
        #expect(invalid.background != theme.defaultStyle.background)
        // Punctuation that opens a comment or string looks like the comment or string.
        let comment = theme.style(forScopes: ["source.x", "comment.line", "punctuation.definition.comment"])
        #expect(comment.foreground == theme.style(forScopes: ["source.x", "comment.line"]).foreground)
    }

    @Test(arguments: Theme.builtInNames)
    func projectThemeColoursAreReadable(_ name: String) throws {
        let theme = try Theme.builtIn(named: name, locator: Self.locator)
        let scopes =
            Self.distinctScopes + [
                "variable.parameter", "support.function", "entity.name.tag", "entity.other.attribute-name",
                "punctuation.separator", "markup.quote", "markup.inline.raw", "markup.underline.link",
                "string.regexp", "constant.character.escape", "invalid.illegal", "invalid.deprecated",
                "comment.block.documentation storage.type.class.jsdoc",
            ]
        for scope in scopes {
            let style = theme.style(forScopes: ["source.test"] + scope.split(separator: " ").map(String.init))
            // WCAG AA contrast for normal text.
            #expect(Self.contrast(style.foreground, style.background) >= 4.5, "\(name): \(scope)")
        }
    }

    /// The WCAG contrast ratio of two opaque colours.
    static func contrast(_ first: ThemeColor, _ second: ThemeColor) -> Double {
        func luminance(_ color: ThemeColor) -> Double {
            func linear(_ channel: UInt8) -> Double {
                let value = Double(channel) / 255
                return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        }
        let (light, dark) = (
            max(luminance(first), luminance(second)), min(luminance(first), luminance(second))
        )
        return (light + 0.05) / (dark + 0.05)
    }

    @Test func darkAndLightThemesDiffer() throws {
        let dark = try Theme.builtIn(named: "dark", locator: Self.locator)
        let light = try Theme.builtIn(named: "light", locator: Self.locator)
        #expect(dark.name == "highlightd dark")
        #expect(light.name == "highlightd light")
        #expect(dark.defaultStyle.background != light.defaultStyle.background)
    }

    @Test func themeArgumentsArePathsOrBuiltInNames() throws {
        let path = TestData.projectRoot.appendingPathComponent("Grammars/Themes/highlightd-light.json").path
        #expect(try Theme.named(path).name == "highlightd light")
        #expect(try Theme.named("light", locator: Self.locator).name == "highlightd light")
        #expect(throws: ThemeError.self) { try Theme.named("/nonexistent/theme.json") }
    }

    @Test func builtInThemesResolveFromTheTestExecutable() throws {
        // The default locator walks up from the test binary in .build to the project root.
        let theme = try Theme.builtIn(named: "dark")
        #expect(theme.name == "highlightd dark")
    }
}
