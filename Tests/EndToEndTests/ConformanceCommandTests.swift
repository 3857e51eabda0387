import Foundation
import TestSupport
import Testing

@Suite struct ConformanceCommandTests {
    /// The command ends with the `N passed, M failed` line and passes every suite.
    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: ["first-mate/tests.json", "suite1/tests.json", "suite1/whileTests.json"])
    func suitePassesCompletely(suite: String) throws {
        let path = try TestData.url("textmate-conformance/\(suite)").path
        let result = try BuiltBinary.run(["conformance", path])
        let last = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"), "\(result.standardOutput)")
        #expect(result.status == 0)
    }
}
