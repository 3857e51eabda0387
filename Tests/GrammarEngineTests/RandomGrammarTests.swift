import Foundation
import GrammarEngine
import TestSupport
import Testing

/// Random grammars and lines, seeded: tokenizing never crashes and always yields well-formed
/// tokens and states.
@Suite struct RandomGrammarTests {
    static let fragments = [
        "a", "b+", "\\\\w+", "\\\\G", "\\\\A", "$", "^", "(x)", "(?=a)", "(?!b)", "\\\\s*", "\\\\n", "", "(",
        "\\\\1", ".", "[ab]", "(?<=a)", "\\\\z", "c*?", "(d|e)",
    ]
    static let names = ["n", "n.$1", "n.${1:/upcase}", "x y", "$0"]

    static func pattern(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in fragments.randomElement(using: &random) ?? "" }
            .joined()
    }

    static func rule(_ random: inout SeededGenerator, depth: Int) -> String {
        let name = names.randomElement(using: &random) ?? "n"
        switch Int.random(in: 0..<(depth > 1 ? 3 : 5), using: &random) {
        case 0, 1:
            return #"{"match": "\#(pattern(&random))", "name": "\#(name)", "captures": {"1": {"name": "c"}}}"#
        case 2:
            return ##"{"include": "#r\##(Int.random(in: 0..<3, using: &random))"}"##
        case 3:
            let children = (0..<2).map { _ in rule(&random, depth: depth + 1) }.joined(separator: ",")
            return
                #"{"begin": "\#(pattern(&random))", "end": "\#(pattern(&random))", "name": "\#(name)", "patterns": [\#(children)]}"#
        default:
            let children = rule(&random, depth: depth + 1)
            return
                #"{"begin": "\#(pattern(&random))", "while": "\#(pattern(&random))", "patterns": [\#(children)]}"#
        }
    }

    @Test func randomGrammarsNeverCrashAndYieldWellFormedTokens() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["SEED"] ?? "") ?? 20_261_121
        var random = SeededGenerator(seed: seed)
        for round in 0..<60 {
            let top = (0..<3).map { _ in Self.rule(&random, depth: 0) }.joined(separator: ",")
            let repository = (0..<3).map { #""r\#($0)": \#(Self.rule(&random, depth: 1))"# }.joined(
                separator: ",")
            let json = #"{"scopeName": "source.r", "patterns": [\#(top)], "repository": {\#(repository)}}"#
            let grammar = try GrammarFixtures.grammar(json)
            var state: RuleStack?
            for _ in 0..<6 {
                let line = String(
                    (0..<Int.random(in: 0...12, using: &random)).map { _ in
                        "abcdex \t".randomElement(using: &random) ?? "a"
                    })
                let result = grammar.tokenizeLine(line, state: state)
                let starts = result.tokens.map(\.start)
                #expect(starts.first == 0, "seed \(seed) round \(round)")
                #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed) round \(round)")
                #expect(
                    starts.allSatisfy { $0 <= max(0, line.utf8.count - 1) }, "seed \(seed) round \(round)")
                #expect(result.endState == grammar.tokenizeLine(line, state: state).endState)
                state = result.endState
            }
        }
    }
}
