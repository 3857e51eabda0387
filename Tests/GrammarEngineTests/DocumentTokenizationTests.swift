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

/// Tokens carry their grammar's interned stacks, and still compare and hash by names.
@Suite struct DocumentTokenIdentityTests {
    @Test func tokensOfOneStackShareItsObjectAndCompareByNamesAcrossGrammars() throws {
        let text = "\"a\" 1 \"b\" 22"
        let first = try GrammarFixtures.grammar(DocumentTokenizationTests.strings).tokenizeDocument(text)
        let second = try GrammarFixtures.grammar(DocumentTokenizationTests.strings).tokenizeDocument(text)
        let bytes = Array(text.utf8)
        let a = try #require(first.firstIndex { bytes[$0.range] == [UInt8(ascii: "a")] })
        let b = try #require(first.firstIndex { bytes[$0.range] == [UInt8(ascii: "b")] })
        #expect(first[a].scopes == ["source.s", "string"])
        #expect(first[a].stack === first[b].stack, "the two string bodies are one interned stack")
        #expect(first[1].stack !== second[1].stack, "each grammar interns its own stacks")
        #expect(first == second, "tokens compare by names, whichever grammar made them")
        #expect(Set(first) == Set(second))
        let made = first.map { DocumentToken(range: $0.range, scopes: $0.scopes) }
        #expect(made == first)
        #expect(made.map(\.hashValue) == first.map(\.hashValue))
        #expect(made[a].stack !== made[b].stack, "tokens made from names have stacks of their own")
        var other = made[a]
        other.stack = other.stack?.pushing("x")
        #expect(other != first[a])
        #expect(DocumentToken(range: 0..<1, scopes: []) == DocumentToken(range: 0..<1, stack: nil))
        #expect(DocumentToken(range: 0..<1, scopes: []) != DocumentToken(range: 0..<1, scopes: ["source.s"]))
    }
}
