import GrammarEngine
import Testing

/// A rule list may hold the same regex twice (two rules, or one repository rule included
/// twice); the scanner keeps only the first, which is the one that always won: the earlier
/// rule's name, captures and kind apply, as in vscode-textmate.
@Suite struct RepeatedPatternsTests {
    static func names(_ json: String, _ line: String) throws -> [(String, [String])] {
        let grammar = try GrammarFixtures.grammar(json)
        let tokenization = grammar.tokenizeLine(line, state: nil)
        let bytes = Array(line.utf8)
        return tokenization.tokens.indices.map { index in
            let start = tokenization.tokens[index].start
            let end =
                index + 1 < tokenization.tokens.count ? tokenization.tokens[index + 1].start : bytes.count
            return (
                String(decoding: bytes[start..<end], as: UTF8.self),
                tokenization.tokens[index].scopes.scopeNames
            )
        }
    }

    @Test func theFirstOfTwoRulesWithTheSameRegexWins() throws {
        let json = """
            {"scopeName": "source.r", "patterns": [
              {"match": "a+", "name": "first"},
              {"match": "b", "name": "bee"},
              {"match": "a+", "name": "second"}
            ]}
            """
        let tokens = try Self.names(json, "aab a")
        #expect(tokens.map(\.0) == ["aa", "b", " ", "a"])
        #expect(tokens[0].1 == ["source.r", "first"])
        #expect(tokens[3].1 == ["source.r", "first"])
    }

    @Test func aRepositoryRuleIncludedTwiceKeepsItsFirstPlace() throws {
        let json = """
            {"scopeName": "source.r", "patterns": [
              {"begin": "\\\\(", "end": "\\\\)", "name": "group", "patterns": [{"include": "#word"}]},
              {"include": "#word"},
              {"match": "[a-z]+", "name": "other", "captures": {"0": {"name": "captured"}}},
              {"include": "#word"}
            ],
            "repository": {"word": {"match": "[a-z]+", "name": "word"}}}
            """
        let tokens = try Self.names(json, "ab (cd) ef")
        #expect(tokens.map(\.0) == ["ab", " ", "(", "cd", ")", " ", "ef"])
        #expect(tokens[0].1 == ["source.r", "word"])
        #expect(tokens[3].1 == ["source.r", "group", "word"])
        #expect(tokens[6].1 == ["source.r", "word"])
    }

    @Test func aBeginRuleAndAMatchRuleWithTheSameRegexKeepTheFirstKind() throws {
        let json = """
            {"scopeName": "source.r", "patterns": [
              {"begin": "<", "end": ">", "name": "angle"},
              {"match": "<", "name": "less"}
            ]}
            """
        let tokens = try Self.names(json, "<x> <")
        #expect(tokens[0].1 == ["source.r", "angle"])
        #expect(tokens.first { $0.0 == "x" }?.1 == ["source.r", "angle"])
    }
}
