import Testing
import ThemeEngine

@Suite struct ThemeSelectorTests {
    typealias F = ThemeFixtures

    @Test func exclusionKeepsTheRuleOffExcludedScopes() {
        let theme = F.theme(F.rule("string", fg: "#100000"), F.rule("string - string.quoted", fg: "#200000"))
        #expect(theme.fg("source string.unquoted") == "#200000")
        #expect(theme.fg("source string.quoted.double") == "#100000")
    }

    @Test func exclusionMatchesAncestorsToo() {
        let theme = F.theme(F.rule("string - meta.embedded", fg: "#200000"))
        #expect(theme.fg("source string") == "#200000")
        #expect(theme.fg("source meta.embedded.block string") == "#F8F8F8")
    }

    @Test func exclusionGroupsAndChainsExcludeEachAlternative() {
        let theme = F.theme(
            F.rule("keyword - (keyword.control | keyword.operator.new)", fg: "#200000"),
            F.rule("storage -storage.type -storage.modifier.async", fg: "#300000"))
        #expect(theme.fg("keyword.other") == "#200000")
        #expect(theme.fg("keyword.control.flow") == "#F8F8F8")
        #expect(theme.fg("keyword.operator.new") == "#F8F8F8")
        #expect(theme.fg("storage.modifier") == "#300000")
        #expect(theme.fg("storage.type.class") == "#F8F8F8")
        #expect(theme.fg("storage.modifier.async") == "#F8F8F8")
    }

    @Test func exclusionPathsAreDescendantPaths() {
        let theme = F.theme(F.rule("string - meta.tag string.quoted", fg: "#200000"))
        #expect(theme.fg("meta.tag string.quoted") == "#F8F8F8")
        #expect(theme.fg("meta.other string.quoted") == "#200000")
        #expect(theme.fg("string.quoted meta.tag string") == "#200000")
    }

    @Test func exclusionsCombineWithParentSelectors() {
        let theme = F.theme(F.rule("source.js string - string.template", fg: "#200000"))
        #expect(theme.fg("source.js string.quoted") == "#200000")
        #expect(theme.fg("source.js string.template") == "#F8F8F8")
        #expect(theme.fg("source.ts string.quoted") == "#F8F8F8")
    }

    @Test func hyphensInsideScopeNamesAreNotExclusions() {
        let theme = F.theme(
            F.rule("support.type.property-name", fg: "#200000"), F.rule("meta.tag-x a", fg: "#300000"))
        #expect(theme.fg("support.type.property-name.json") == "#200000")
        #expect(theme.fg("meta.tag-x a") == "#300000")
    }

    @Test func commasInsideExclusionGroupsDoNotSplitTheList() {
        let theme = F.theme(F.rule("keyword - (keyword.control, keyword.other), comment", fg: "#200000"))
        #expect(theme.fg("keyword.operator") == "#200000")
        #expect(theme.fg("keyword.other") == "#F8F8F8")
        #expect(theme.fg("comment.line") == "#200000")
    }

    @Test func exclusionRulesReportTheirSelector() {
        let theme = F.theme(F.rule("string - string.quoted", fg: "#200000"))
        #expect(theme.style(forScopes: ["string.other"]).ruleSelector == "string - string.quoted")
    }
}
