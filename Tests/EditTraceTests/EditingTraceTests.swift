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

    @Test(arguments: [#"[1,9223372036854775807,""]"#, #"[9223372036854775807,1,""]"#, #"[-1,0,""]"#])
    func rejectsPatchesWhoseEndOverflows(patch: String) {
        let json = #"{"endContent":"","txns":[{"patches":["# + patch + "]}]}"
        #expect(throws: EditTraceError.self) { try EditingTrace(json: Data(json.utf8)) }
    }

    @Test func naiveReplayClampsPatchesPastTheEnd() throws {
        let json = #"{"startContent":"ab","endContent":"","txns":[{"patches":[[5,0,"x"],[1,99,"y"]]}]}"#
        #expect(try EditingTrace(json: Data(json.utf8)).replayNaively() == "ay")
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
