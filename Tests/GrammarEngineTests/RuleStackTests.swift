import GrammarEngine
import Testing

@Suite struct RuleStackTests {
    static let comments = """
        {"scopeName": "source.c", "patterns": [
          {"begin": "/\\\\*", "end": "\\\\*/", "name": "comment"},
          {"begin": "<<(\\\\w+)", "end": "^\\\\1$", "name": "heredoc"}
        ]}
        """

    @Test func equalStatesAreTheSameObject() throws {
        let grammar = try GrammarFixtures.grammar(Self.comments)
        let first = grammar.tokenizeLine("a /* b", state: nil).endState
        let second = grammar.tokenizeLine("c /* d", state: nil).endState
        #expect(first === second)
        #expect(first == second)
        let closed = grammar.tokenizeLine("e */ f", state: first).endState
        #expect(closed == grammar.initialState)
        #expect(closed != first)
    }

    @Test func resolvedEndPatternsArePartOfTheState() throws {
        let grammar = try GrammarFixtures.grammar(Self.comments)
        let eof = grammar.tokenizeLine("x <<EOF", state: nil).endState
        let end = grammar.tokenizeLine("x <<END", state: nil).endState
        #expect(eof != end)
        #expect(grammar.tokenizeLine("END", state: eof).endState == eof)
        #expect(grammar.tokenizeLine("END", state: end).endState == grammar.initialState)
    }

    @Test func tokenizingFromAStoredStateMatchesTokenizingInOrder() throws {
        let grammar = try GrammarFixtures.grammar(Self.comments)
        let lines = ["a /* b", "still", "*/ c <<TAG", "body", "TAG", "done"]
        var state: RuleStack?
        var states: [RuleStack?] = []
        var tokens: [[LineToken]] = []
        for line in lines {
            states.append(state)
            let result = grammar.tokenizeLine(line, state: state)
            tokens.append(result.tokens)
            state = result.endState
        }
        for (index, line) in lines.enumerated() {
            #expect(grammar.tokenizeLine(line, state: states[index]).tokens == tokens[index])
        }
        #expect(tokens[1].map { $0.scopes.scopeNames } == [["source.c", "comment"]])
    }
}

@Suite struct AnchorAcrossLinesTests {
    @Test func aBeginThatConsumedTheLineEndLeavesGLiveOnTheNextLine() throws {
        // No while rules here, so this pins the anchor set up at line start on its own.
        let grammar = try GrammarFixtures.grammar(
            """
            {"scopeName": "source.g", "patterns": [
              {"begin": "start\\\\n", "end": "stop", "name": "block",
               "patterns": [{"match": "\\\\Gfirst", "name": "anchored"}, {"match": "first", "name": "plain"}]}
            ]}
            """)
        let first = grammar.tokenizeLine("start", state: nil)
        #expect(
            GrammarFixtures.tokens(grammar, "first first", state: first.endState).map(\.1) == [
                "anchored", "block", "plain",
            ])
    }
}
