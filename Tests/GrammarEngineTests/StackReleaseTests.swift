import Foundation
import Testing

@testable import GrammarEngine

/// A mortal grammar's interner lets go of the stacks nothing else holds (the daemon sweeps it
/// when idle), keeps those a line state still uses, and tokenizes exactly as before afterwards.
@Suite struct StackReleaseTests {
    static func mortalGrammar() throws -> Grammar {
        var configuration = Grammar.Configuration()
        configuration.immortalStacks = false
        return try GrammarFixtures.grammar(GrammarReloadTests.json, configuration: configuration)
    }

    /// Lines that open blocks to different depths, so each makes stacks of its own.
    static let lines = (0..<200).map { index in
        String(repeating: "{ ", count: index % 7) + "\"s\(index)\" \(index) true"
            + String(repeating: " }", count: index % 7)
    }

    /// Every token's scopes of `lines`, tokenized in order from `state`.
    static func scopes(_ grammar: Grammar, _ lines: [String], from state: RuleStack? = nil) -> [[String]] {
        var state = state
        var result: [[String]] = []
        for line in lines {
            let tokenization = grammar.tokenizeLine(line, state: state)
            result += tokenization.tokens.map(\.scopes.scopeNames)
            state = tokenization.endState
        }
        return result
    }

    @Test func stacksNothingHoldsAreReleasedAndTheOnesALineStateHoldsAreKept() throws {
        let grammar = try Self.mortalGrammar()
        weak var dropped: RuleStack?
        var kept: RuleStack?
        do {
            var state: RuleStack?
            for (index, line) in ["{ {", "{ \"x\""].enumerated() {
                state = grammar.tokenizeLine(line, state: state).endState
                if index == 0 { kept = state } else { dropped = state }
            }
            _ = Self.scopes(grammar, Self.lines)
        }
        MatchWorkspace.current.forgetRememberedScopes()
        let before = grammar.internedStackCount
        let released = grammar.releaseUnusedStacks()
        let after = grammar.internedStackCount
        #expect(released > 0)
        #expect(after.scopes + after.frames == before.scopes + before.frames - released)
        #expect(dropped == nil, "a state nothing holds is freed")
        let state = try #require(kept)
        #expect(state.depth == 3, "a held state and its parents stay")
        // Continuing from the held state matches a grammar that never released anything.
        let fresh = try Self.mortalGrammar()
        let freshState = fresh.tokenizeLine("{ {", state: nil).endState
        #expect(
            Self.scopes(grammar, Self.lines, from: state) == Self.scopes(fresh, Self.lines, from: freshState))
    }

    @Test func tablesEmptiedByAReleaseGiveBackTheirRoom() throws {
        let grammar = try Self.mortalGrammar()
        do {
            var state: RuleStack?
            // Fifty lines of a hundred unclosed blocks each: stacks 5,000 blocks deep.
            for _ in 0..<50 {
                state = grammar.tokenizeLine(String(repeating: "{ \"s\" ", count: 100), state: state).endState
            }
            _ = Self.scopes(grammar, Self.lines)
        }
        MatchWorkspace.current.forgetRememberedScopes()
        let grown = grammar.internedStackCapacity
        grammar.releaseUnusedStacks()
        let shrunk = grammar.internedStackCapacity
        #expect(grown.scopes > 4_096 && grown.frames > 4_096, "\(grown)")
        #expect(
            shrunk.scopes < grown.scopes / 4 && shrunk.frames < grown.frames / 4, "\(shrunk) from \(grown)")
        #expect(Self.scopes(grammar, Self.lines) == Self.scopes(try Self.mortalGrammar(), Self.lines))
    }

    @Test func tokenizingAgainAfterAReleaseGivesTheSameTokensAndInternsAgain() throws {
        let grammar = try Self.mortalGrammar()
        let first = Self.scopes(grammar, Self.lines)
        MatchWorkspace.current.forgetRememberedScopes()
        grammar.releaseUnusedStacks()
        let emptied = grammar.internedStackCount
        let second = Self.scopes(grammar, Self.lines)
        #expect(second == first)
        let refilled = grammar.internedStackCount
        #expect(refilled.frames > emptied.frames && refilled.scopes > emptied.scopes)
    }

    @Test func aSweepIsDueOnceAQuarterOfTheLimitWasInternedSinceTheLastOne() throws {
        var configuration = Grammar.Configuration()
        configuration.immortalStacks = false
        configuration.internedStackLimit = 400
        let grammar = try GrammarFixtures.grammar(GrammarReloadTests.json, configuration: configuration)
        let registry = GrammarRegistry(configuration: configuration)
        registry.register(try GrammarFixtures.raw(GrammarReloadTests.json))
        let registered = try registry.grammar(scopeName: "source.reload")
        var sinceSweep = 0
        var sweeps = 0
        var state: RuleStack?
        var registeredState: RuleStack?
        for line in Self.lines + Self.lines.map({ "{ " + $0 }) {
            let before = grammar.internedStackCount
            state = grammar.tokenizeLine(line, state: state).endState
            registeredState = registered.tokenizeLine(line, state: registeredState).endState
            let after = grammar.internedStackCount
            sinceSweep += after.scopes + after.frames - before.scopes - before.frames
            #expect(grammar.hasStacksToSweep == (sinceSweep >= 100), "\(sinceSweep) interned since the sweep")
            if grammar.hasStacksToSweep {
                MatchWorkspace.current.forgetRememberedScopes()
                grammar.releaseUnusedStacks()
                #expect(!grammar.hasStacksToSweep, "a sweep starts the count again")
                sinceSweep = 0
                sweeps += 1
            }
        }
        #expect(sweeps >= 2)
        #expect(registry.hasStacksToSweep, "the registry sees its grammar's count")
        MatchWorkspace.current.forgetRememberedScopes()
        registry.releaseUnusedStacks()
        #expect(!registry.hasStacksToSweep)
        withExtendedLifetime((state, registeredState)) {}
    }

    @Test func aSweepWaitsForAsManyNewStacksAsTheLastOneKeptAndAtLeastItsMinimum() throws {
        var configuration = Grammar.Configuration()
        configuration.immortalStacks = false
        configuration.internedStackLimit = 400_000
        let grammar = try GrammarFixtures.grammar(GrammarReloadTests.json, configuration: configuration)
        func internChain(_ prefix: String, _ count: Int) -> [ScopeStack] {
            var chain: [ScopeStack] = []
            for index in 0..<count {
                chain.append(grammar.interner.scope("\(prefix)\(index)", parent: chain.last))
            }
            return chain
        }
        // A sweep that keeps only what the grammar holds itself: due after the minimum spacing.
        grammar.releaseUnusedStacks()
        let minimum = StackInterner.minimumSweepSpacing
        let held = grammar.internedStackCount
        #expect(held.scopes + held.frames < minimum)
        let first = internChain("a", minimum - 1)
        #expect(!grammar.hasStacksToSweep)
        let second = internChain("b", 1)
        #expect(grammar.hasStacksToSweep, "\(minimum) interned")
        // A sweep that keeps more than the minimum: the next waits for as many new ones.
        let kept = internChain("c", 6_000)
        grammar.releaseUnusedStacks()
        let count = grammar.internedStackCount
        let keptCount = count.scopes + count.frames
        #expect(keptCount >= minimum + 6_000)
        let unheld = internChain("d", keptCount - 1)
        #expect(!grammar.hasStacksToSweep, "fewer new stacks than the sweep kept")
        let last = internChain("e", 1)
        #expect(grammar.hasStacksToSweep, "as many new stacks as the sweep kept")
        withExtendedLifetime((first, second, kept, unheld, last)) {}
    }

    @Test func pastTheLimitStacksAreNotInternedAndTokensAreUnchanged() throws {
        var configuration = Grammar.Configuration()
        configuration.immortalStacks = false
        configuration.internedStackLimit = 64
        let limited = try GrammarFixtures.grammar(GrammarReloadTests.json, configuration: configuration)
        let deep = (0..<30).map { String(repeating: "{ \"s\($0)\" ", count: 20) }
        let scopes = Self.scopes(limited, deep)
        let count = limited.internedStackCount
        #expect(count.scopes <= 64 && count.frames <= 64, "\(count)")
        #expect(scopes == Self.scopes(try Self.mortalGrammar(), deep))
    }

    @Test func immortalStacksAreNeverSweptNorReleased() throws {
        // One chain of 2,000 scope stacks, past a quarter of a 6,400 limit. The scope table is
        // in 16 parts by the parent's address, each holding 400; the chain puts about 125 in
        // each. (A tokenized document was not enough: with a small limit the first full part
        // cuts a deep chain short, wherever the addresses fall, and only 69 frames were
        // interned in one CI run.)
        func internChain(_ grammar: Grammar) -> [ScopeStack] {
            var chain: [ScopeStack] = []
            for index in 0..<2_000 { chain.append(grammar.interner.scope("s\(index)", parent: chain.last)) }
            return chain
        }
        var configuration = Grammar.Configuration()
        configuration.internedStackLimit = 6_400
        let immortal = try GrammarFixtures.grammar(GrammarReloadTests.json, configuration: configuration)
        let immortalChain = internChain(immortal)
        #expect(immortal.internedStackCount.scopes >= 2_000, "the whole chain was interned")
        #expect(!immortal.hasStacksToSweep)
        configuration.immortalStacks = false
        let mortal = try GrammarFixtures.grammar(GrammarReloadTests.json, configuration: configuration)
        let mortalChain = internChain(mortal)
        #expect(mortal.hasStacksToSweep, "the same chain makes a mortal grammar's sweep due")
        withExtendedLifetime((immortalChain, mortalChain)) {}
    }

    @Test func immortalStacksAreNeverReleased() throws {
        let (grammar, state) = try GrammarReloadTests.loadAndTokenize(immortal: true)
        MatchWorkspace.current.forgetRememberedScopes()
        let before = grammar.internedStackCount
        #expect(grammar.releaseUnusedStacks() == 0)
        #expect(grammar.internedStackCount == before)
        withExtendedLifetime(state) {}
    }
}
