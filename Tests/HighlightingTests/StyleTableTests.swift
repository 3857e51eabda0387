import DocumentStorage
import GrammarEngine
import Highlighting
import Testing
import ThemeEngine

@Suite struct StyleTableTests {
    static let theme = Theme(
        RawTheme(settings: [
            RawThemeSetting(scope: nil, foreground: "#DDDDDD", background: "#111111", fontStyle: nil),
            RawThemeSetting(
                scope: .string("comment"), foreground: "#808080", background: nil, fontStyle: "italic"),
            RawThemeSetting(scope: .string("string"), foreground: "#A0C080", background: nil, fontStyle: nil),
            RawThemeSetting(
                scope: .string("keyword"), foreground: "#C080FF", background: nil, fontStyle: nil),
        ]))

    @Test func plainTextIsStyleZero() {
        let table = StyleTable(theme: Self.theme)
        #expect(table.id(forScopes: ["source.js"]) == .plain)
        #expect(table.id(forScopes: ["source.js", "meta.block.js"]) == .plain)
        #expect(table[.plain].tokenType == nil)
        #expect(table[.plain].foreground.hex.uppercased() == "#DDDDDD")
    }

    @Test func sameLookAndMeaningShareAnId() {
        let table = StyleTable(theme: Self.theme)
        let a = table.id(forScopes: ["source.js", "string.quoted.double.js"])
        let b = table.id(forScopes: ["source.ts", "string.quoted.single.ts"])
        let quote = table.id(forScopes: [
            "source.js", "string.quoted.double.js", "punctuation.definition.string.begin.js",
        ])
        #expect(a == b)
        #expect(a == quote)
        #expect(a != .plain)
        #expect(table.count == 2)
        #expect(table.entries(from: 1).count == 1)
    }

    @Test func semanticTypeSeparatesStylesThatLookAlike() {
        let table = StyleTable(theme: Self.theme)
        let function = table.id(forScopes: ["source.js", "entity.name.function.js"])
        let variable = table.id(forScopes: ["source.js", "variable.other.readwrite.js"])
        #expect(function != variable)
        #expect(table[function].foreground == table[variable].foreground)
        #expect(table[function].tokenType == SemanticTokenLegend.typeIndex("function"))
        #expect(table[variable].tokenType == SemanticTokenLegend.typeIndex("variable"))
    }

    @Test(arguments: [
        ("comment.line.double-slash.js", "comment", [String]()),
        ("comment.block.documentation.js", "comment", ["documentation"]),
        ("string.regexp.js", "regexp", []),
        ("constant.numeric.decimal.js", "number", []),
        ("keyword.operator.assignment.js", "operator", []),
        ("keyword.control.flow.js", "keyword", []),
        ("entity.name.type.class.js", "class", ["declaration"]),
        ("entity.name.function.member.js", "method", []),
        ("support.function.console.js", "function", ["defaultLibrary"]),
        ("variable.other.constant.js", "variable", ["readonly"]),
        ("variable.parameter.js", "parameter", ["declaration"]),
        ("variable.other.property.js", "property", []),
        ("entity.name.type.module.ts", "namespace", []),
        ("entity.name.function.macro.rust", "macro", []),
    ])
    func standardMappingFollowsTextMateConventions(scope: String, type: String, modifiers: [String]) throws {
        let match = try #require(SemanticTokenMapping.standard.match(["source", scope]))
        #expect(SemanticTokenLegend.tokenTypes[match.tokenType] == type)
        #expect(match.modifiers == SemanticTokenLegend.modifierBits(modifiers))
    }

    @Test func innermostMatchingScopeWinsAndPrefixesStopAtDots() {
        let mapping = SemanticTokenMapping.standard
        let path = [
            "source.js", "string.template.js", "meta.template.expression.js", "variable.other.readwrite.js",
        ]
        #expect(mapping.match(path).map { SemanticTokenLegend.tokenTypes[$0.tokenType] } == "variable")
        #expect(mapping.match(scope: "stringy.thing") == nil)
        #expect(mapping.match(scope: "meta.block.js") == nil)
    }

    @Test func legendListsTheLSPStandardNames() {
        #expect(SemanticTokenLegend.tokenTypes.count == 23)
        #expect(Set(SemanticTokenLegend.tokenTypes).count == 23)
        #expect(SemanticTokenLegend.tokenModifiers.count == 10)
        for rule in SemanticTokenMapping.standardRules {
            #expect(SemanticTokenLegend.typeIndex(rule.tokenType) != nil, "\(rule.scope)")
            #expect(
                rule.modifiers.allSatisfy { SemanticTokenLegend.tokenModifiers.contains($0) }, "\(rule.scope)"
            )
        }
    }
}
