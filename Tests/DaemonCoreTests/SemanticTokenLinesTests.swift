import JSONRPC
import Testing

@testable import DaemonCore

/// The one-pass token walk over many lines against the line-by-line computation, over every
/// line terminator, multi-byte and astral characters, links, and each position encoding.
@Suite struct SemanticTokenLinesTests {
    static let text =
        "fn main() {\r\n    // see https://example.com/é 😀 ok\r"
        + "    let s = \"héllo 😀\";\n\n/* a\r\n block */ let x = 1;\r\n"
        + "    let url = \"https://a.example.org/x\"; // 𝒳 done"

    @Test(arguments: ["utf-8", "utf-16", "utf-32"], [false, true])
    func theWalkGivesWhatEachLineGives(encoding: String, linkTokens: Bool) throws {
        let server = Server { _ in }
        server.handle(
            .request(
                id: .integer(1), method: "initialize",
                params: [
                    "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                    "initializationOptions": ["linkTokens": .bool(linkTokens)],
                ]))
        server.handle(
            .notification(
                method: "textDocument/didOpen",
                params: [
                    "textDocument": [
                        "uri": "file:///a.rs", "languageId": "rust", "version": 1, "text": .string(Self.text),
                    ]
                ]))
        while server.runBackgroundSlice() {}
        let document = try #require(server.documents["file:///a.rs"])
        let lineCount = document.storage.text.lineCount
        #expect(lineCount == 7)
        let perLine = (0..<lineCount).flatMap { server.semanticTokens(onLine: $0, of: document) }
        #expect(perLine.count > 10)
        #expect(server.semanticTokens(lines: 0..<lineCount, of: document) == perLine)
        for lower in 0..<lineCount {
            for upper in lower...lineCount {
                #expect(
                    server.semanticTokens(lines: lower..<upper, of: document)
                        == perLine.filter { (lower..<upper).contains($0.line) })
            }
        }
        if linkTokens {
            let linkType = SemanticTokenSettings.linkTokenIndex
            #expect(perLine.filter { $0.type == linkType }.map(\.line) == [1, 6])
        }
    }
}
