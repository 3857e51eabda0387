import Testing
import ThemeEngine

@Suite struct ThemeResolutionTests {
    typealias F = ThemeFixtures

    @Test func scopelessRulesSetTheDefaultsAndLaterOnesWin() {
        let theme = Theme(
            RawTheme(settings: [
                F.rule(nil, fg: "#111111", bg: "#222222"), F.rule(nil, fg: "#333333", font: "bold"),
            ]))
        #expect(theme.defaultStyle.foreground.hex == "#333333")
        #expect(theme.defaultStyle.background.hex == "#222222")
        #expect(theme.defaultStyle.fontStyle == .bold)
        #expect(theme.defaultStyle.ruleSelector == nil)
    }

    @Test func missingDefaultsAreBlackOnWhite() {
        let theme = Theme(RawTheme(settings: [F.rule("keyword", fg: "#123456")]))
        #expect(theme.defaultStyle.foreground.hex == "#000000")
        #expect(theme.defaultStyle.background.hex == "#FFFFFF")
        #expect(theme.defaultStyle.fontStyle == [])
    }

    @Test func unmatchedScopesKeepTheDefaults() {
        let theme = F.theme(F.rule("keyword", fg: "#123456"))
        #expect(theme.style(forScopes: ["source.x", "variable.other"]) == theme.defaultStyle)
    }

    @Test func aRuleCascadesToDeeperScopes() {
        let theme = F.theme(F.rule("keyword", fg: "#123456"), F.rule("keyword.control.flow", fg: "#654321"))
        #expect(theme.fg("source keyword.control") == "#123456")
        #expect(theme.fg("source keyword.control.flow.js") == "#654321")
        #expect(theme.fg("source keywords") == "#F8F8F8")
    }

    @Test func deeperTargetBeatsAParentSelector() {
        let theme = F.theme(
            F.rule("punctuation.definition.string.begin.html", fg: "#300000"),
            F.rule("meta.tag punctuation.definition.string", fg: "#400000"))
        #expect(theme.fg("meta.tag punctuation.definition.string.begin.html") == "#300000")
        #expect(theme.fg("meta.tag punctuation.definition.string.end.html") == "#400000")
    }

    @Test func parentScopedRulesCascadeIntoDeeperNodes() {
        let theme = F.theme(
            F.rule("meta.tag entity", fg: "#300000"),
            F.rule("meta.selector.css entity.name.tag", fg: "#400000"),
            F.rule("entity", fg: "#500000"))
        #expect(theme.fg("text.html meta.tag.structure.any.html entity.name.tag.html") == "#300000")
        #expect(theme.fg("source.css meta.selector.css entity.name.tag.css") == "#400000")
        #expect(theme.fg("source.css entity.name.tag.css") == "#500000")
    }

    @Test func longerNearestParentWinsWhateverTheFileOrder() {
        let theme = F.theme(F.rule("meta.tag string", fg: "#200000"), F.rule("meta string", fg: "#100000"))
        #expect(theme.fg("meta.tag string") == "#200000")
        #expect(theme.fg("meta.other string") == "#100000")
    }

    @Test func moreParentsWinWhenTheNearestAreEqual() {
        let theme = F.theme(F.rule("b x", fg: "#100000"), F.rule("a b x", fg: "#200000"))
        #expect(theme.fg("a b x") == "#200000")
        #expect(theme.fg("b x") == "#100000")
    }

    @Test func parentsMatchNearestFirstInOrder() {
        let theme = F.theme(F.rule("a b x", fg: "#200000"))
        #expect(theme.fg("a b x") == "#200000")
        #expect(theme.fg("a c b d x") == "#200000")
        #expect(theme.fg("b a x") == "#F8F8F8")
    }

    @Test func childCombinatorDemandsTheImmediateParent() {
        let theme = F.theme(F.rule("a > x", fg: "#200000"))
        #expect(theme.fg("a x") == "#200000")
        #expect(theme.fg("a.b x") == "#200000")
        #expect(theme.fg("a b x") == "#F8F8F8")
    }

    @Test func unsetFieldsInheritTheEnclosingStyle() {
        let theme = F.theme(
            F.rule("string", fg: "#200000", bg: "#300000"), F.rule("markup.bold", font: "bold"))
        let style = theme.style(forScopes: ["source", "string", "markup.bold"])
        #expect(style.foreground.hex == "#200000")
        #expect(style.background.hex == "#300000")
        #expect(style.fontStyle == .bold)
    }

    @Test func anInnerFontStyleReplacesRatherThanAdds() {
        let theme = F.theme(F.rule("markup.bold", font: "bold"), F.rule("markup.italic", font: "italic"))
        #expect(theme.style(forScopes: ["markup.bold", "markup.italic"]).fontStyle == .italic)
    }

    @Test func emptyFontStyleIsAnExplicitNone() {
        let theme = F.theme(
            F.rule("comment", font: "italic underline"), F.rule("comment.line", font: ""),
            F.rule("constant", fg: "#200000"))
        #expect(theme.style(forScopes: ["comment.block"]).fontStyle == [.italic, .underline])
        #expect(theme.style(forScopes: ["comment.line"]).fontStyle == [])
        // An absent fontStyle inherits the italic of the enclosing comment.
        #expect(theme.style(forScopes: ["comment.block", "constant"]).fontStyle == [.italic, .underline])
    }

    @Test func fontStyleWordsParseAndUnknownOnesAreIgnored() {
        #expect(
            FontStyle(parsing: "italic bold underline strikethrough") == [
                .italic, .bold, .underline, .strikethrough,
            ])
        #expect(FontStyle(parsing: "bold  oblique") == .bold)
        #expect(FontStyle(parsing: "") == [])
        #expect(FontStyle([.bold, .italic]).description == "italic bold")
    }

    @Test(arguments: ["red", "#12345", "#GGGGGG", "123456", "#1234567", ""])
    func invalidColoursAreIgnored(_ colour: String) {
        let theme = F.theme(F.rule("string", fg: "#200000"), F.rule("string.quoted", fg: colour, bg: colour))
        let style = theme.style(forScopes: ["string.quoted"])
        #expect(style.foreground.hex == "#200000")
        #expect(style.background.hex == "#101010")
    }

    @Test(arguments: [
        ("#abc", "#ABC"), ("#abcd", "#ABCD"), ("#a1b2c3", "#A1B2C3"), ("#a1b2c3d4", "#A1B2C3D4"),
    ])
    func validColoursAreUpperCased(_ written: String, _ stored: String) {
        #expect(F.theme(F.rule("string", fg: written)).fg("string") == stored)
    }

    @Test func identicalSelectorsMergeFieldByFieldLaterWinning() {
        let theme = F.theme(
            F.rule("keyword", fg: "#100000", font: "bold"), F.rule("keyword", fg: "#200000"),
            F.rule("keyword", bg: "#300000"))
        let style = theme.style(forScopes: ["keyword"])
        #expect(style.foreground.hex == "#200000")
        #expect(style.background.hex == "#300000")
        #expect(style.fontStyle == .bold)
    }

    @Test func scopeListsSplitOnCommasAndArraysWork() {
        let theme = F.theme(
            F.rule(",string, comment ,", fg: "#200000"),
            RawThemeSetting(scope: .list(["keyword", "storage"]), foreground: "#300000"))
        #expect(theme.fg("string") == "#200000")
        #expect(theme.fg("comment") == "#200000")
        #expect(theme.fg("keyword") == "#300000")
        #expect(theme.fg("storage.type") == "#300000")
    }

    @Test func resolvedStylesReportTheChoosingRule() {
        let theme = F.theme(
            F.rule("keyword", fg: "#100000"), F.rule("source.js string", fg: "#200000"),
            F.rule("markup.bold", font: "bold"))
        #expect(theme.style(forScopes: ["source.js", "keyword.control"]).ruleSelector == "keyword")
        #expect(theme.style(forScopes: ["source.js", "string.quoted"]).ruleSelector == "source.js string")
        #expect(theme.style(forScopes: ["source.js", "keyword", "variable"]).ruleSelector == "keyword")
        #expect(theme.style(forScopes: ["source.js", "variable"]).ruleSelector == nil)
    }

    @Test func incrementalResolutionEqualsWholePathResolution() {
        let theme = F.theme(
            F.rule("source.js meta", fg: "#100000"), F.rule("meta > string", font: "italic"),
            F.rule("constant - string.quoted constant", bg: "#300000"))
        let path = ["source.js", "meta.block", "string.unquoted", "constant.character.escape"]
        var style = theme.defaultStyle
        for end in path.indices {
            style = theme.resolve(path[...end], parent: style)
        }
        #expect(style == theme.style(forScopes: path))
        #expect(style.foreground.hex == "#100000")
        #expect(style.fontStyle == .italic)
        #expect(style.background.hex == "#300000")
    }

    @Test func scopeNamesWithSpacesCountAsSeveralScopes() {
        let theme = F.theme(F.rule("meta string", fg: "#100000"))
        #expect(theme.style(forScopes: ["meta.a string.b"]).foreground.hex == "#100000")
    }
}
