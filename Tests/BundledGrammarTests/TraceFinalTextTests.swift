import EditTrace
import Foundation
import GrammarEngine
import TestSupport
import Testing

/// The final text of every editing trace highlights with our grammar for its language with no
/// disabled rule and no line that runs out of time.
@Suite struct TraceFinalTextTests {
    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: [
            ("rustcode", "rust"), ("seph-blog1", "markdown"), ("sveltecomponent", "svelte"),
            ("json-crdt-patch", "markdown"),
        ])
    func finalTextHighlightsInFull(trace name: String, language: String) throws {
        let trace = try EditingTrace(contentsOf: TestData.url("editing-traces/\(name).json.gz"))
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: language)
        var state: RuleStack?
        var stopped: [Int] = []
        for (index, line) in trace.endContent.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let tokenization = grammar.tokenizeLine(String(line), state: state)
            if tokenization.stoppedEarly { stopped.append(index + 1) }
            state = tokenization.endState
        }
        #expect(stopped.isEmpty, "\(name): lines over the time budget: \(stopped.prefix(20))")
        #expect(grammar.diagnostics.isEmpty, "\(grammar.diagnostics)")
    }
}
