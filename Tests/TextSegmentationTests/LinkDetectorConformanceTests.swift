import TestSupport
import Testing
import TextSegmentation

@Suite("LinkDetector on linkify-it's fixtures")
struct LinkDetectorConformanceTests {
    let detector = LinkDetector()

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func linksFixturesFindTheExpectedFirstLink() throws {
        let fixtures = try LinkFixture.links("links/links.txt")
        var failures: [String] = []
        for fixture in fixtures {
            let found = detector.links(in: fixture.input).first.map { String($0.text(in: fixture.input)) }
            if found != fixture.expected {
                failures.append(
                    "\(fixture): expected \(fixture.expected ?? "-"), found \(found ?? "nothing")")
            }
        }
        let passed = fixtures.count - failures.count
        print("links.txt: \(passed)/\(fixtures.count) pass")
        for failure in failures { print("  FAIL \(failure)") }
        #expect(fixtures.count > 100)
        #expect(Double(passed) >= 0.95 * Double(fixtures.count), "\(failures.joined(separator: "\n"))")
    }

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func notLinksFixturesFindNoLink() throws {
        let fixtures = try LinkFixture.notLinks("links/not_links.txt")
        var failures: [String] = []
        for fixture in fixtures {
            let found = detector.links(in: fixture.input).map { String($0.text(in: fixture.input)) }
            if !found.isEmpty {
                failures.append("\(fixture): found \(found)")
            }
        }
        let passed = fixtures.count - failures.count
        print("not_links.txt: \(passed)/\(fixtures.count) pass")
        for failure in failures { print("  FAIL \(failure)") }
        #expect(fixtures.count > 30)
        #expect(Double(passed) >= 0.95 * Double(fixtures.count), "\(failures.joined(separator: "\n"))")
    }
}
