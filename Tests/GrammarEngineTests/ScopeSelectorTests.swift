import GrammarEngine
import Testing

@Suite struct ScopeSelectorTests {
    private func accepts(_ selector: String, _ scopes: [String]) -> Bool {
        ScopeSelector.parse(selector).first?.matcher(scopes) ?? false
    }

    @Test func identifiersPrefixMatchScopesAtIncreasingDepth() {
        #expect(accepts("source.js", ["source.js", "string.quoted"]))
        #expect(accepts("source string", ["source.js", "meta.x", "string.quoted"]))
        #expect(!accepts("string source", ["source.js", "string.quoted"]))
        #expect(!accepts("source.j", ["source.js"]))
    }

    @Test func anIdentifierNamesAScopeOnlyUpToADot() {
        #expect(ScopeSelector.prefixMatches("markup.raw", "markup.raw"))
        #expect(ScopeSelector.prefixMatches("markup", "markup.raw.block"))
        #expect(!ScopeSelector.prefixMatches("markup.ra", "markup.raw"))
        #expect(!ScopeSelector.prefixMatches("comment", "commentary.x"))
        #expect(!ScopeSelector.prefixMatches("markup.raw.block", "markup.raw"))
        #expect(
            ScopeSelector.identifiers(in: "L:text.html.markdown - (markup.raw | comment)").contains("comment")
        )
    }

    @Test func minusNegatesAndParenthesesGroupAlternatives() {
        let selector = "text.html.php - (meta.embedded | meta.tag)"
        #expect(accepts(selector, ["text.html.php", "string"]))
        #expect(!accepts(selector, ["text.html.php", "meta.embedded.block"]))
        #expect(!accepts(selector, ["text.html.php", "meta.tag.x"]))
        #expect(accepts("source (string, comment)", ["source.js", "comment.line"]))
    }

    @Test func topLevelCommasSplitSelectorsWithTheirOwnPriority() {
        let parsed = ScopeSelector.parse("L:source.js, R:text.html, comment")
        #expect(parsed.map(\.priority) == [-1, 1, 0])
        #expect(parsed[0].matcher(["source.js"]))
        #expect(!parsed[0].matcher(["text.html"]))
        #expect(parsed[2].matcher(["source.js", "comment.line"]))
    }
}

extension ScopeSelectorTests {
    @Test func selectorsNestedPastTheLimitMatchNothing() {
        #expect(ScopeSelector.parse(String(repeating: "-", count: 100_000) + "a").isEmpty)
        #expect(ScopeSelector.parse(String(repeating: "(", count: 100_000) + "a").isEmpty)
        #expect(ScopeSelector.parse(String(repeating: "(", count: 65) + "a").isEmpty)
    }

    @Test func selectorsNestedUpToTheLimitStillMatch() {
        let depth = ScopeSelector.maximumNesting
        let nested = String(repeating: "(", count: depth) + "source" + String(repeating: ")", count: depth)
        #expect(accepts(nested, ["source.js"]))
        // An even number of negations accepts what the operand accepts, an odd number rejects it.
        #expect(accepts(String(repeating: "- ", count: depth) + "source", ["source.js"]))
        #expect(!accepts(String(repeating: "- ", count: depth - 1) + "source", ["source.js"]))
    }
}
