import Dispatch
import Foundation
import GrammarEngine
import Synchronization
import TestSupport
import Testing

/// One compiled grammar is shared by threads; each thread has its own match workspace.
@Suite struct ConcurrentTokenizingTests {
    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func threadsSharingAGrammarGetTheSameTokens() throws {
        let raw = try RawGrammar(contentsOf: TestData.url("benchmark/css.tmLanguage.json"))
        let text = String(
            try String(contentsOf: TestData.url("benchmark/bootstrap.css"), encoding: .utf8).prefix(20_000))
        let reference = Grammar(raw, sources: .init(grammar: { _ in nil })).tokenizeDocument(text)
        // A fresh grammar, so that lazy compilation itself races between the threads.
        let shared = Grammar(raw, sources: .init(grammar: { _ in nil }))
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if shared.tokenizeDocument(text) != reference {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
