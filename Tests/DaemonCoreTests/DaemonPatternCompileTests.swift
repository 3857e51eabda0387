import Foundation
import Testing

@testable import DaemonCore
@testable import GrammarEngine

/// The daemon JIT-compiles a rule list's patterns when the list is compiled, so that no later
/// keystroke pays for a compile; a one-shot process (the default configuration) leaves a
/// pattern searched only a few times on the interpreter.
@Suite struct DaemonPatternCompileTests {
    static let hasJIT: Bool = (try? Pattern("x", jitThreshold: 0).isJITCompiled) ?? false

    static let json = #"""
        {"scopeName": "source.few", "patterns": [
            {"match": "\\blet\\b", "name": "keyword.let"},
            {"match": "\\bnever\\b", "name": "keyword.never"},
            {"match": "[0-9]+", "name": "constant.numeric"}
        ]}
        """#

    /// The patterns of the root's published lists after one short line.
    static func rootPatterns(_ configuration: Grammar.Configuration) throws -> [Pattern] {
        let raw = try RawGrammar(RawValue.parse(Data(json.utf8), format: .json))
        let grammar = Grammar(raw, sources: .init(grammar: { _ in nil }), configuration: configuration)
        _ = grammar.tokenizeDocument("let x = 1", jobs: 1)
        let root = try #require(grammar.rule(grammar.rootId))
        return Anchors.all.compactMap { root.compiledLists.object($0) }.flatMap { $0.entries.map(\.pattern) }
    }

    @Test(.enabled(if: hasJIT, "this PCRE2 has no JIT"))
    func theDaemonsPatternsAreJITCompiledWithTheirLists() throws {
        let patterns = try Self.rootPatterns(Server.grammarConfiguration)
        #expect(patterns.count >= 3)
        #expect(patterns.allSatisfy { $0.isJITCompiled })
    }

    @Test(.enabled(if: hasJIT, "this PCRE2 has no JIT"))
    func aOneShotProcessLeavesARarelySearchedPatternOnTheInterpreter() throws {
        let patterns = try Self.rootPatterns(Grammar.Configuration())
        #expect(patterns.contains { !$0.isJITCompiled })
    }
}
