import Foundation
import Testing

@testable import GrammarEngine

/// A process that loads grammars again and again (the daemon, on every configuration change)
/// keeps its memory: pattern and rule-list ids are reused, so per-thread tables indexed by
/// them stop growing, and mortal stacks are freed with their grammar.
@Suite struct GrammarReloadTests {
    static let json = """
        {"scopeName": "source.reload", "patterns": [
          {"begin": "\\\\{", "end": "\\\\}", "name": "meta.block.reload", "patterns": [
            {"match": "\\\\b(?:true|false)\\\\b", "name": "constant.language.reload"},
            {"match": "\\"[^\\"]*\\"", "name": "string.quoted.reload"},
            {"include": "$self"}]},
          {"match": "[0-9]+", "name": "constant.numeric.reload"}]}
        """

    static func loadAndTokenize(immortal: Bool) throws -> (Grammar, RuleStack) {
        var configuration = Grammar.Configuration()
        configuration.immortalStacks = immortal
        let grammar = try GrammarFixtures.grammar(Self.json, configuration: configuration)
        var state: RuleStack?
        for line in ["{ \"a\" true", "  { 12 false }", "}"] {
            state = grammar.tokenizeLine(line, state: state).endState
        }
        return (grammar, try #require(state))
    }

    @Test func idsComeBackAndAreTakenAgainBeforeNewOnes() {
        let ids = RecycledIDs()
        let first = (0..<4).map { _ in ids.take() }
        #expect(first == [0, 1, 2, 3])
        ids.give(1)
        ids.give(3)
        #expect(Set([ids.take(), ids.take()]) == [1, 3])
        #expect(ids.take() == 4)
    }

    @Test func mortalStacksAreFreedWithTheirGrammarAndImmortalOnesAreNot() throws {
        weak var mortal: RuleStack?
        weak var immortal: RuleStack?
        do {
            let (grammar, state) = try Self.loadAndTokenize(immortal: false)
            mortal = state
            let (other, kept) = try Self.loadAndTokenize(immortal: true)
            immortal = kept
            withExtendedLifetime((grammar, other)) {}
        }
        #expect(mortal == nil)
        #expect(immortal != nil)
    }
}
