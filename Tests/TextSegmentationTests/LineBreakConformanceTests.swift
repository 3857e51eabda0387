import Foundation
import Testing
import TextSegmentation

/// Unicode's line-break conformance file, from Debian's `unicode-data`.
private let lineBreakTestPath = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

@Suite("LineBreaker against Unicode's LineBreakTest.txt")
struct LineBreakConformanceTests {
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: lineBreakTestPath),
            "\(lineBreakTestPath) missing: install Debian's unicode-data"))
    func breakOpportunitiesMatchTheConformanceFile() throws {
        let content = try String(contentsOfFile: lineBreakTestPath, encoding: .utf8)
        let breaker = LineBreaker()
        var total = 0
        var mismatches: [String] = []
        for line in content.split(separator: "\n") {
            guard let (text, expected) = Self.parse(line) else { continue }
            total += 1
            let found = breaker.breakOpportunities(in: text).map(\.utf16Offset)
            if found != expected {
                mismatches.append("\(line.prefix(80)) → ICU \(found), file \(expected)")
            }
        }
        let passed = total - mismatches.count
        print("LineBreakTest.txt: \(passed)/\(total) lines agree with ICU")
        for mismatch in mismatches { print("  MISMATCH \(mismatch)") }
        #expect(total > 7000)
        #expect(Double(passed) >= 0.99 * Double(total))
    }

    /// A test line's text and the UTF-16 offsets of its `÷` marks after the start; nil for
    /// comments and lines naming code points that are no scalars.
    static func parse(_ line: Substring) -> (String, [Int])? {
        let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let fields = body.split(whereSeparator: \.isWhitespace)
        guard fields.first == "×" || fields.first == "÷" else { return nil }
        var scalars = String.UnicodeScalarView()
        var offset = 0
        var breaks: [Int] = []
        for field in fields.dropFirst() {
            if field == "÷" {
                breaks.append(offset)
            } else if field != "×" {
                guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else {
                    return nil
                }
                scalars.append(scalar)
                offset += UTF16.width(scalar)
            }
        }
        return (String(scalars), breaks)
    }
}
