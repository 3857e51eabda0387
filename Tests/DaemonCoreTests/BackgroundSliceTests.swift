import DaemonCore
import Foundation
import JSONRPC
import TestSupport
import Testing

/// The daemon's background slices ask their caller whether to stop (the loop asks whether a
/// message is waiting), and slices stopped early still end as a whole open highlights.
@Suite struct BackgroundSliceTests {
    @Test func slicesAskWhetherToStopAndStillConvergeWhenStoppedEarly() throws {
        let uri = "file:///a.js"
        let text = (0..<3_000).map { "const v\($0) = f(\"s\($0)\", [1, 2]); // c\n" }.joined()
        let interrupted = MemoryReleaseTests.transcript()
        interrupted.open(uri, text, language: "javascript")
        var asked = 0
        var slices = 0
        while interrupted.server.runBackgroundSlice(stoppingWhen: {
            asked += 1
            return true
        }) {
            slices += 1
        }
        // Every answer was "stop", and the slices still got to the end: each does a line at
        // least, and a line done from the top stays done.
        #expect(asked > 0)
        #expect(slices > 0)
        let whole = MemoryReleaseTests.transcript()
        MemoryReleaseTests.open(whole, uri, text)
        let expected = try #require(whole.attributes(uri))
        let got = try #require(interrupted.attributes(uri))
        #expect(got["runs"] == expected["runs"])
    }
}
