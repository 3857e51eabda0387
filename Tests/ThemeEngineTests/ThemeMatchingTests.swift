import Testing
import ThemeEngine

@Suite struct ThemeMatchingTests {
    typealias F = ThemeFixtures

    @Test func targetsMatchWholeDotSegmentsOnly() {
        let theme = F.theme(
            F.rule("storage.object.bar", fg: "#200000"), F.rule("source, something", bg: "#300000"))
        #expect(theme.fg("storage.object.bar.baz") == "#200000")
        #expect(theme.fg("storage.object.bart") == "#F8F8F8")
        #expect(theme.fg("storage.object") == "#F8F8F8")
        #expect(theme.style(forScopes: ["source.tss"]).background.hex == "#300000")
        #expect(theme.style(forScopes: ["something.ts"]).background.hex == "#300000")
        #expect(theme.style(forScopes: ["sources"]).background.hex == "#101010")
    }

    @Test func mergedParentRulesCompeteByParentLength() {
        // Two rules with one selector merge; a longer (more specific) parent beats them.
        let theme = F.theme(
            F.rule("meta.object.json string.quoted.json", fg: "#100000"),
            F.rule("meta.object.json string.quoted.json", fg: "#200000"),
            F.rule("meta.object.value.json string.quoted.json", fg: "#300000"))
        #expect(theme.fg("source.json meta.object.json string.quoted.json") == "#200000")
        #expect(
            theme.fg("source.json meta.object.json meta.object.value.json string.quoted.json") == "#300000")
    }

    @Test func parentRulesInheritTheMainRuleOfTheirNode() {
        // `constant.numeric` sets italic; the parent-scoped rule only sets a colour and keeps it.
        let theme = F.theme(
            F.rule("constant.numeric", font: "italic"), F.rule("source constant.numeric", fg: "#200000"))
        let style = theme.style(forScopes: ["source", "constant.numeric.int"])
        #expect(style.foreground.hex == "#200000")
        #expect(style.fontStyle == .italic)
    }

    @Test func nearestFirstAncestorsResolveLikeAPath() {
        let theme = F.theme(
            F.rule("a b > x", fg: "#100000"), F.rule("c - d x", fg: "#200000"), F.rule("x", font: "bold"))
        let path = ["a", "q", "b", "x"]
        let parent = theme.style(forScopes: Array(path.dropLast()))
        let viaAncestors = theme.resolve(scope: "x", ancestors: ["b", "q", "a"], parent: parent)
        #expect(viaAncestors == theme.style(forScopes: path))
        #expect(viaAncestors.foreground.hex == "#100000")
        #expect(
            theme.resolve(scope: "c.y", ancestors: ["x"], parent: theme.defaultStyle).foreground.hex
                == "#200000")
        #expect(
            theme.resolve(scope: "c.y", ancestors: ["x", "d"], parent: theme.defaultStyle).foreground.hex
                == "#F8F8F8")
    }

    @Test func theMatchCacheServesRepeatedScopes() {
        let theme = F.theme(F.rule("keyword", fg: "#100000"), F.rule("meta keyword", fg: "#200000"))
        #expect(theme.fg("meta keyword.a") == "#200000")
        #expect(theme.fg("other keyword.a") == "#100000")
        #expect(theme.fg("meta keyword.a") == "#200000")
    }
}
