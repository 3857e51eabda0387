import Foundation
import GrammarEngine
import Testing

/// A grammar author's aid, off by default: with `HIGHLIGHTD_DUMP_FIXTURE=<file>:<language>`
/// it prints every token of the fixture with its scopes, to choose probes from.
@Suite struct GrammarFixtureDump {
    static let request = ProcessInfo.processInfo.environment["HIGHLIGHTD_DUMP_FIXTURE"]

    @Test(.enabled(if: request != nil, "set HIGHLIGHTD_DUMP_FIXTURE=<file>:<language>"))
    func printsTokensOfRequestedFixture() throws {
        let parts = try #require(Self.request?.split(separator: ":").map(String.init))
        try #require(parts.count == 2)
        let fixture = try GrammarFixture(parts[0], language: parts[1])
        let bytes = Array(fixture.text.utf8)
        var output = ""
        for token in fixture.tokens {
            let piece = String(decoding: bytes[token.range], as: UTF8.self)
            output += "\(piece.debugDescription.padding(toLength: 28, withPad: " ", startingAt: 0)) "
            output += token.scopes.dropFirst().joined(separator: " ") + "\n"
        }
        output += "end depth \(fixture.endStateDepth) (initial \(fixture.initialDepth))\n"
        for diagnostic in fixture.diagnostics { output += "DIAGNOSTIC \(diagnostic)\n" }
        print(output)
    }
}
