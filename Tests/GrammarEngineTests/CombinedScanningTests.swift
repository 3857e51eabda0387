import Foundation
import GrammarEngine
import TestSupport
import Testing

/// Combined alternations must give exactly the tokens of searching each pattern on its own.
@Suite struct CombinedScanningTests {
    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: [
            ("benchmark/JavaScript.tmLanguage.json", "benchmark/large.js"),
            ("benchmark/TypeScript.tmLanguage.json", "benchmark/vscode.d.ts"),
            ("benchmark/css.tmLanguage.json", "benchmark/bootstrap.css"),
        ])
    func combinedAlternationsTokenizeLikeSeparatePatterns(_ grammarPath: String, _ documentPath: String)
        throws
    {
        let raw = try RawGrammar(contentsOf: TestData.url(grammarPath))
        var separate = Grammar.Configuration()
        separate.combinesPatterns = false
        let text = try String(contentsOf: TestData.url(documentPath), encoding: .utf8)
        // A prefix keeps the debug-build test quick while crossing many rule lists.
        let prefix = String(text.prefix(60_000))
        var joined = Grammar.Configuration()
        joined.combinesPatterns = true
        let combined = Grammar(raw, sources: .init(grammar: { _ in nil }), configuration: joined)
            .tokenizeDocument(prefix)
        let reference = Grammar(raw, sources: .init(grammar: { _ in nil }), configuration: separate)
            .tokenizeDocument(prefix)
        #expect(combined.count == reference.count)
        if let index = zip(combined, reference).enumerated().first(where: { $1.0 != $1.1 })?.offset {
            Issue.record("first difference at token \(index): \(combined[index]) vs \(reference[index])")
        }
    }
}

/// Skipping searches by the bytes a match needs must not change any token.
@Suite struct SearchPrefilterTests {
    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: [
            ("benchmark/JavaScript.tmLanguage.json", "benchmark/large.js"),
            ("benchmark/css.tmLanguage.json", "benchmark/main.08642f99.css"),
        ])
    func prefilteredSearchesTokenizeLikeUnfilteredOnes(_ grammarPath: String, _ documentPath: String) throws {
        let raw = try RawGrammar(contentsOf: TestData.url(grammarPath))
        var plain = Grammar.Configuration()
        plain.prefiltersSearches = false
        plain.combinesPatterns = false
        var filtered = plain
        filtered.prefiltersSearches = true
        let text = String(try String(contentsOf: TestData.url(documentPath), encoding: .utf8).prefix(60_000))
        let expected = Grammar(raw, sources: .init(grammar: { _ in nil }), configuration: plain)
            .tokenizeDocument(text)
        let actual = Grammar(raw, sources: .init(grammar: { _ in nil }), configuration: filtered)
            .tokenizeDocument(text)
        #expect(actual.count == expected.count)
        if let index = zip(actual, expected).enumerated().first(where: { $1.0 != $1.1 })?.offset {
            Issue.record("first difference at token \(index): \(actual[index]) vs \(expected[index])")
        }
    }

    @Test func caselessLettersAndKelvinSignStillMatch() throws {
        let grammar = try GrammarFixtures.grammar(
            #"{"scopeName": "source.t", "patterns": [{"match": "(?i)kb", "name": "kb"}, {"match": "(?i)xy", "name": "xy"}]}"#
        )
        #expect(GrammarFixtures.tokens(grammar, "\u{212A}b XY").map(\.1) == ["kb", "source.t", "xy"])
    }

    @Test func aTopLevelLookaheadsRequiredByteSkipsOnlyImpossibleSearches() throws {
        let grammar = try GrammarFixtures.grammar(
            #"{"scopeName": "source.t", "patterns": [{"match": "\\w+(?=\\s*\\()", "name": "call"}]}"#
        )
        #expect(
            GrammarFixtures.tokens(grammar, "foo bar (x) baz").map(\.1) == ["source.t", "call", "source.t"])
    }

    @Test func lookaheadsInsideAlternativesOrGroupsAreNotRequired() throws {
        let grammar = try GrammarFixtures.grammar(
            #"{"scopeName": "source.t", "patterns": [{"match": "a(?=\\()|b", "name": "ab"}, {"match": "(?:c(?=\\()|d)", "name": "cd"}]}"#
        )
        #expect(GrammarFixtures.tokens(grammar, "b a d").map(\.1) == ["ab", "source.t", "cd"])
    }
}
