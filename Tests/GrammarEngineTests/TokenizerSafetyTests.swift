import Dispatch
import GrammarEngine
import Testing

@Suite struct TokenizerSafetyTests {
    static let catastrophic = """
        {"scopeName": "source.slow", "patterns": [
          {"match": "(a+)+b", "name": "slow"},
          {"match": "(a+)+[bc]", "name": "slower"},
          {"match": "a", "name": "letter"}
        ]}
        """

    @Test func catastrophicBacktrackingReturnsWithinTheBudget() throws {
        var configuration = Grammar.Configuration()
        configuration.lineTimeBudget = .milliseconds(300)
        configuration.maxLineLength = 1_000_000
        let grammar = try GrammarFixtures.grammar(Self.catastrophic, configuration: configuration)
        let line = String(repeating: "a", count: 3_000)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = grammar.tokenizeLine(line, state: nil)
        let elapsedMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // The budget is checked between scans; one scan is bounded by the match limit.
        #expect(elapsedMs < 2_000, "took \(elapsedMs) ms")
        #expect(result.tokens.first?.start == 0)
        #expect(result.tokens.allSatisfy { $0.start < line.utf8.count })
        if result.stoppedEarly {
            #expect(result.endState == grammar.initialState)
        }
        // The exponential search ends at the match limit and counts as no match.
        #expect(result.limitHits > 0 || result.stoppedEarly)
    }

    @Test func anExpiredBudgetEndsTheLineWithOneTokenAndKeepsTheStartState() throws {
        var configuration = Grammar.Configuration()
        configuration.lineTimeBudget = .nanoseconds(1)
        let grammar = try GrammarFixtures.grammar(
            #"{"scopeName": "source.t", "patterns": [{"match": "x", "name": "x"}]}"#,
            configuration: configuration)
        let first = grammar.tokenizeLine("x x x", state: nil)
        let result = grammar.tokenizeLine("x x x", state: first.endState)
        #expect(result.stoppedEarly)
        #expect(result.tokens.count == 1)
        #expect(result.tokens[0].scopes.scopeNames == ["source.t"])
        #expect(result.endState == first.endState)
    }

    @Test func linesPastTheLengthCapKeepTheEnclosingScopeAndPassTheStateThrough() throws {
        var configuration = Grammar.Configuration()
        configuration.maxLineLength = 10
        let grammar = try GrammarFixtures.grammar(
            #"{"scopeName": "source.t", "patterns": [{"begin": "\"", "end": "\"", "name": "string"}]}"#,
            configuration: configuration)
        let start = grammar.initialState
        let result = grammar.tokenizeLine("ab \"cdefghijkl\" mn", state: start)
        #expect(result.truncated)
        #expect(result.endState == start)
        #expect(result.tokens.last?.start == 10)
        #expect(result.tokens.last?.scopes.scopeNames == ["source.t", "string"])
        let short = grammar.tokenizeLine("\"x\"", state: start)
        #expect(!short.truncated)
    }

    @Test func anIncludeCycleOfIncludeOnlyRulesTerminates() throws {
        let grammar = try GrammarFixtures.grammar(
            """
            {"scopeName": "source.cycle", "patterns": [{"include": "#a"}],
             "repository": {
               "a": {"patterns": [{"include": "#b"}, {"match": "x", "name": "x"}]},
               "b": {"patterns": [{"include": "#a"}]}
             }}
            """)
        let tokens = GrammarFixtures.tokens(grammar, "yx")
        #expect(tokens.map(\.0) == ["y", "x"])
        #expect(tokens.map(\.1) == ["source.cycle", "x"])
    }

    @Test func aBadPatternDisablesOnlyItsRuleAndIsReported() throws {
        let grammar = try GrammarFixtures.grammar(
            """
            {"scopeName": "source.bad", "patterns": [
              {"match": "(unclosed", "name": "broken"},
              {"match": "ok", "name": "fine"}
            ]}
            """)
        let tokens = GrammarFixtures.tokens(grammar, "ok")
        #expect(tokens.map(\.1) == ["fine"])
        let diagnostics = grammar.diagnostics
        #expect(diagnostics.count == 1)
        if case .invalidPattern(let scope, let path, let pattern, _)? = diagnostics.first {
            #expect(scope == "source.bad")
            #expect(path == "patterns[0].match")
            #expect(pattern == "(unclosed")
        } else {
            Issue.record("expected an invalid-pattern diagnostic, got \(diagnostics)")
        }
    }

    @Test func aCaptureThatRetokenizesItselfDoesNotRecurseForever() throws {
        let grammar = try GrammarFixtures.grammar(
            """
            {"scopeName": "source.self", "patterns": [
              {"match": "a+", "name": "run", "captures": {"0": {"patterns": [{"include": "$self"}]}}}
            ]}
            """)
        let tokens = GrammarFixtures.tokens(grammar, "aaa b")
        #expect(tokens.first?.1 == "run")
        #expect(tokens.last?.0 == " b")
    }

    @Test func unboundedNestingIsCappedWithoutCrashing() throws {
        let grammar = try GrammarFixtures.grammar(
            #"{"scopeName": "source.nest", "patterns": [{"begin": "\\(", "end": "\\)", "name": "p", "patterns": [{"include": "$self"}]}]}"#
        )
        var configuration = Grammar.Configuration()
        configuration.maxLineLength = 100_000
        let result = grammar.tokenizeLine(String(repeating: "(", count: 10_000), state: nil)
        #expect(result.endState.depth <= 4_097)
        #expect(result.tokens.count > 1)
    }
}
