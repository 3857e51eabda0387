import DocumentStorage
import EditTrace
import TestSupport
import Testing

@Suite struct TraceReplayTests {
    /// Every real editing trace, replayed transaction by transaction (positions in Unicode
    /// scalars), ends with the trace's own `endContent`.
    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: ["rustcode", "seph-blog1", "sveltecomponent", "json-crdt-patch"])
    func replayReachesEndContent(trace name: String) throws {
        let trace = try EditingTrace(contentsOf: TestData.url("editing-traces/\(name).json.gz"))
        let storage = TextStorage(trace.startContent)
        for transaction in trace.transactions {
            let edits = transaction.map {
                TextEdit(location: $0.position, length: $0.deleted, text: $0.inserted)
            }
            try storage.applyEdits(edits, unit: .utf32)
        }
        #expect(storage.transactionCount == trace.transactions.count)
        #expect(storage.string == trace.endContent)
        #expect(
            storage.text.lineCount
                == trace.endContent.split(separator: "\n", omittingEmptySubsequences: false).count)
    }
}
