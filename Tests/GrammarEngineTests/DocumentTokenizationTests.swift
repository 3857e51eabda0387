import Foundation
import GrammarEngine
import TestSupport
import Testing

@Suite struct DocumentTokenizationTests {
    static let strings = """
        {"scopeName": "source.s", "patterns": [
          {"begin": "\\"", "end": "\\"", "name": "string"},
          {"match": "\\\\d+", "name": "number"}
        ]}
        """

    private func checkCoverage(_ tokens: [DocumentToken], _ text: String) {
        var position = 0
        for token in tokens {
            #expect(token.range.lowerBound == position)
            #expect(!token.range.isEmpty)
            position = token.range.upperBound
        }
        #expect(position == text.utf8.count)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func tokensCoverTheDocumentAndTerminatorsJoinTheLastTokenOfTheirLine(_ newline: String) throws {
        let grammar = try GrammarFixtures.grammar(Self.strings)
        let text = "a \"b" + newline + "c\" 12" + newline + newline + "x"
        let tokens = grammar.tokenizeDocument(text)
        checkCoverage(tokens, text)
        let bytes = Array(text.utf8)
        let values = tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        #expect(values == ["a ", "\"", "b" + newline, "c", "\"", " ", "12" + newline, newline, "x"])
        #expect(tokens[2].scopes == ["source.s", "string"])
        #expect(tokens[6].scopes == ["source.s", "number"])
        #expect(tokens[7].scopes == ["source.s"])
    }

    @Test func anEmptyDocumentHasNoTokens() throws {
        let grammar = try GrammarFixtures.grammar(Self.strings)
        #expect(grammar.tokenizeDocument("").isEmpty)
    }

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func aLargeDocumentIsCoveredWithoutGaps() throws {
        let registry = GrammarRegistry()
        let raw = try registry.load(contentsOf: TestData.url("benchmark/JavaScript.tmLanguage.json"))
        let grammar = try registry.grammar(scopeName: raw.scopeName)
        let text = try String(contentsOf: TestData.url("benchmark/minified.js"), encoding: .utf8)
        let tokens = grammar.tokenizeDocument(text)
        checkCoverage(tokens, text)
        #expect(tokens.count > 1_000)
        #expect(grammar.diagnostics.isEmpty, "\(grammar.diagnostics)")
    }
}
