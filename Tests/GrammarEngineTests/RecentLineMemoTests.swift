import Foundation
import TestSupport
import Testing

@testable import GrammarEngine

/// An incremental highlighter's memo of recent lines answers exactly what tokenizing the line
/// again would, keeps only what text and state decide, and stays within its bounds.
@Suite struct RecentLineMemoTests {
    static func grammar(_ configure: (inout Grammar.Configuration) -> Void = { _ in }) throws -> Grammar {
        var configuration = Grammar.Configuration()
        configure(&configuration)
        return try GrammarFixtures.grammar(GrammarReloadTests.json, configuration: configuration)
    }

    /// Tokenizes `line` from `state` through `memo`.
    static func memoized(
        _ grammar: Grammar, _ line: String, _ state: RuleStack?, _ memo: inout RecentLineMemo
    ) -> LineTokenization {
        var line = line
        return line.withUTF8 { grammar.tokenizeLine(utf8: $0, state: state, memo: &memo) }
    }

    static func same(_ left: LineTokenization, _ right: LineTokenization) -> Bool {
        left.tokens == right.tokens && left.endState == right.endState
            && left.lowestDepth == right.lowestDepth
            && left.stoppedEarly == right.stoppedEarly && left.truncated == right.truncated
    }

    /// A document edited at random (lines typed, deleted, braces opened and closed), every line
    /// retokenized after each edit, through the memo and without it.
    @Test func answersEqualTokenizingTheLineAgainThroughRandomEdits() throws {
        let grammar = try Self.grammar()
        var generator = SeededGenerator(fallback: 0x5EED_0B1E)
        let pieces = ["{", "}", "\"a b\"", "12", "true", "x", " ", "\"", "{ 3 }", "false }"]
        var lines = (0..<40).map { index in
            index % 5 == 0 ? "{ \(index)" : index % 5 == 4 ? "}" : "\"s\" \(index)"
        }
        var memo = RecentLineMemo(generationBytes: 1 << 20, generationEntries: 64)
        var compared = 0
        for _ in 0..<150 {
            let index = Int.random(in: 0..<lines.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: lines[index] += pieces.randomElement(using: &generator)!
            case 1: lines[index] = String(lines[index].dropLast())
            case 2: lines.insert(pieces.randomElement(using: &generator)!, at: index)
            default: if lines.count > 1 { lines.remove(at: index) }
            }
            var state: RuleStack?
            for line in lines {
                let fresh = grammar.tokenizeLine(line, state: state)
                let answered = Self.memoized(grammar, line, state, &memo)
                #expect(Self.same(fresh, answered), "seed \(generator.seed), line \(line.debugDescription)")
                compared += 1
                state = fresh.endState
            }
            #expect(memo.count <= 128)
        }
        #expect(compared > 5_000)
        #expect(memo.hits > compared / 2, "unchanged lines in unchanged states are answered from the memo")
    }

    @Test func theSameTextInAnotherStateIsTokenizedForThatState() throws {
        let grammar = try Self.grammar()
        var memo = RecentLineMemo()
        let outside = grammar.initialState
        let inside = grammar.tokenizeLine("{", state: outside).endState
        let first = Self.memoized(grammar, "true 7", outside, &memo)
        let second = Self.memoized(grammar, "true 7", inside, &memo)
        #expect(memo.hits == 0)
        #expect(Self.same(first, grammar.tokenizeLine("true 7", state: outside)))
        #expect(Self.same(second, grammar.tokenizeLine("true 7", state: inside)))
        #expect(first.tokens.map(\.scopes) != second.tokens.map(\.scopes))
        _ = Self.memoized(grammar, "true 7", inside, &memo)
        #expect(memo.hits == 1)
    }

    @Test func aLineTheLengthCapCutIsNotRemembered() throws {
        let grammar = try Self.grammar { $0.maxLineLength = 8 }
        var memo = RecentLineMemo()
        let long = "{ \"a long string\" 12 }"
        let cut = Self.memoized(grammar, long, grammar.initialState, &memo)
        #expect(cut.truncated)
        #expect(memo.count == 0)
        _ = Self.memoized(grammar, "12", grammar.initialState, &memo)
        #expect(memo.count == 1)
    }

    @Test func theFirstLineOfADocumentIsNotRemembered() throws {
        let grammar = try Self.grammar()
        var memo = RecentLineMemo()
        _ = Self.memoized(grammar, "12", nil, &memo)
        _ = Self.memoized(grammar, "12", nil, &memo)
        #expect(memo.count == 0 && memo.hits == 0)
    }

    @Test func withoutTheLineMemoShortcutNothingIsRemembered() throws {
        let grammar = try Self.grammar { $0.shortcuts.subtract(.lineMemo) }
        var memo = RecentLineMemo()
        for _ in 0..<3 { _ = Self.memoized(grammar, "{ 12", grammar.initialState, &memo) }
        #expect(memo.count == 0 && memo.hits == 0)
    }

    @Test func twoGenerationsBoundTheEntriesAndALineInUseSurvives() throws {
        let grammar = try Self.grammar()
        var memo = RecentLineMemo(generationBytes: 1 << 20, generationEntries: 4)
        let state = grammar.initialState
        _ = Self.memoized(grammar, "\"kept\"", state, &memo)
        for index in 0..<40 {
            _ = Self.memoized(grammar, "\(index)", state, &memo)
            #expect(memo.count <= 8)
            // Met again every few lines, so it moves up before its generation is dropped.
            if index % 3 == 0 { _ = Self.memoized(grammar, "\"kept\"", state, &memo) }
        }
        let hits = memo.hits
        _ = Self.memoized(grammar, "\"kept\"", state, &memo)
        #expect(memo.hits == hits + 1)
        _ = Self.memoized(grammar, "0", state, &memo)
        #expect(memo.hits == hits + 1, "a line not met for two generations is gone")
    }

    @Test func theByteBudgetBoundsAGeneration() throws {
        let grammar = try Self.grammar()
        var memo = RecentLineMemo(generationBytes: 2_000, generationEntries: 1_000)
        for index in 0..<100 {
            let line = "\"\(String(repeating: "w", count: 100))\" \(index)"
            _ = Self.memoized(grammar, line, grammar.initialState, &memo)
        }
        // Each entry costs its 100-odd bytes, its tokens and the overhead: a handful fit.
        #expect(memo.count > 0 && memo.count < 20)
    }

    @Test func removeAllLetsGoOfTheStatesTheEntriesHeld() throws {
        let grammar = try Self.grammar { $0.immortalStacks = false }
        var memo = RecentLineMemo()
        weak var held: RuleStack?
        do {
            let state = grammar.tokenizeLine("{ {", state: nil).endState
            held = state
            _ = Self.memoized(grammar, "12", state, &memo)
        }
        MatchWorkspace.current.forgetRememberedScopes()
        _ = grammar.releaseUnusedStacks()
        #expect(held != nil, "an entry keeps its start state alive, so its identity stays unique")
        memo.removeAll()
        MatchWorkspace.current.forgetRememberedScopes()
        _ = grammar.releaseUnusedStacks()
        #expect(held == nil)
    }
}
