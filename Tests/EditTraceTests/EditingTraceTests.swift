import EditTrace
import Foundation
import TestSupport
import Testing

@Suite struct EditingTraceTests {
    @Test func parsesPatchesInOrder() throws {
        let json =
            #"{"startContent":"","endContent":"hé!","txns":[{"patches":[[0,0,"hx"]]},{"patches":[[1,1,"é"],[2,0,"!"]]}]}"#
        let trace = try EditingTrace(json: Data(json.utf8))
        #expect(trace.transactions.count == 2)
        #expect(
            trace.transactions[1] == [
                .init(position: 1, deleted: 1, inserted: "é"), .init(position: 2, deleted: 0, inserted: "!"),
            ])
        #expect(trace.replayNaively() == "hé!")
    }

    @Test func rejectsMalformedPatch() {
        let json = #"{"endContent":"","txns":[{"patches":[[0,"x"]]}]}"#
        #expect(throws: EditTraceError.self) { try EditingTrace(json: Data(json.utf8)) }
    }

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func readsGzippedTracesWhoseNaiveReplayReachesEndContent() throws {
        // The naive model is quadratic; the smallest traces suffice to check the reader.
        for name in ["sveltecomponent", "json-crdt-patch"] {
            let trace = try EditingTrace(contentsOf: TestData.url("editing-traces/\(name).json.gz"))
            #expect(!trace.transactions.isEmpty)
            #expect(trace.replayNaively() == trace.endContent, "\(name)")
        }
    }
}
