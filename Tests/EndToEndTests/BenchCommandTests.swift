import Foundation
import Testing

@Suite struct BenchCommandTests {
    @Test func jsonReportsWallAndSingleCoreMediansAndTheSearchCount() throws {
        let text = (0..<200).map { "let value\($0) = \"text\" + \($0); // note \($0)" }.joined(
            separator: "\n")
        let path = try BuiltBinary.temporaryFile(named: "bench.js", text)
        let result = try BuiltBinary.run(["bench", path, "--language", "javascript", "--runs", "3", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        // Confining the process to one CPU works on Linux: no warning that it did not.
        #expect(!result.standardError.contains("could not confine"), "\(result.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["bytes"] as? Int == text.utf8.count)
        #expect(object["runs"] as? Int == 3)
        for key in ["median_ms", "min_ms", "single_core_median_ms", "mb_per_s"] {
            let value = try #require(object[key] as? Double, "\(key)")
            #expect(value > 0, "\(key)")
        }
        // At least one search per line: every line holds tokens the grammar must find.
        #expect((object["searches"] as? Int ?? 0) >= 200)
    }
}
