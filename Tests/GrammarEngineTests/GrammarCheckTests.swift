import Foundation
import GrammarEngine
import TestSupport
import Testing

/// Compiles every pattern of the benchmark grammars in every anchor variant.
@Suite struct GrammarCheckTests {
    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: [
            "benchmark/JavaScript.tmLanguage.json", "benchmark/TypeScript.tmLanguage.json",
            "benchmark/css.tmLanguage.json",
        ])
    func everyPatternCompiles(_ path: String) throws {
        let raw = try RawGrammar(contentsOf: TestData.url(path))
        let grammar = Grammar(raw, sources: .init(grammar: { _ in nil }))
        let failures = grammar.compileAllPatterns()
        for failure in failures { print("\(path): \(failure)") }
        #expect(failures.isEmpty)
    }
}
