import Foundation
import TestSupport

/// One case of linkify-it's fixtures: an input line and the link text expected first in it
/// (nil for `not_links.txt`, where no link may be found).
struct LinkFixture: CustomStringConvertible {
    var lineNumber: Int
    var input: String
    var expected: String?

    var description: String { "line \(lineNumber): \(input)" }

    /// Reads `links.txt`: lines starting with `%` are comments; an input line followed by a
    /// non-blank line expects that line as its link, one followed by a blank line expects
    /// itself. A `%` later in a line is part of the input (it is no comment there).
    static func links(_ relativePath: String) throws -> [LinkFixture] {
        let lines = try readLines(relativePath)
        var fixtures: [LinkFixture] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            if isBlank(line) {
                index += 1
                continue
            }
            if isBlank(next) {
                fixtures.append(LinkFixture(lineNumber: index + 1, input: line, expected: line))
                index += 1
            } else {
                fixtures.append(LinkFixture(lineNumber: index + 1, input: line, expected: next))
                index += 2
            }
        }
        return fixtures
    }

    /// Reads `not_links.txt`: every non-blank, non-comment line is an input with no link.
    static func notLinks(_ relativePath: String) throws -> [LinkFixture] {
        try readLines(relativePath).enumerated().compactMap { offset, line in
            isBlank(line) ? nil : LinkFixture(lineNumber: offset + 1, input: line, expected: nil)
        }
    }

    /// The file's lines with comment lines emptied.
    private static func readLines(_ relativePath: String) throws -> [String] {
        let text = try String(contentsOf: TestData.url(relativePath), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            return line.hasPrefix("%") ? "" : line
        }
    }

    private static func isBlank(_ line: String) -> Bool {
        line.allSatisfy(\.isWhitespace)
    }
}
