import DaemonCore
import JSONRPC
import Testing

/// The semantic token answers (`full`, `full/delta`, `range`) are written as bytes
/// (`WireBytesEncodable`). The bytes must be exactly the serialization of the answers a server
/// without a byte output sends as values.
@Suite struct SemanticTokensBytesTests {
    typealias Output = EditingPushBytesTests.Output

    static let uri = "file:///dir/a \"b\".js"

    /// Asks for the whole tokens, edits, asks for the delta from them and for a range; returns
    /// the answers as bytes, from whichever output the server used.
    static func answers(keepsBytes: Bool) throws -> [[UInt8]] {
        let output = Output()
        let server = EditingPushBytesTests.serve(encoding: "utf-16", output: output, keepsBytes: keepsBytes)
        EditingPushBytesTests.exercise(server)
        let document: JSONValue = ["uri": .string(uri)]
        func answer(_ id: Int) throws -> [UInt8] {
            if keepsBytes {
                // Pushes are bytes too; the answer is the one whose id is `id`.
                return try #require(
                    output.bytes.last { (try? JSONValue(parsing: $0))?["id"]?.intValue == id })
            }
            let message = try #require(
                output.messages.last {
                    if case .response(.integer(id)?, _) = $0 { return true }
                    return false
                })
            return message.json.serializedBytes()
        }
        server.handle(
            .request(
                id: .integer(200), method: "textDocument/semanticTokens/full",
                params: ["textDocument": document]))
        let full = try answer(200)
        let resultId = try #require(try JSONValue(parsing: full)["result"]?["resultId"])
        server.handle(
            .request(
                id: .integer(20), method: "textStorage/edit",
                params: [
                    "uri": .string(uri), "version": 9,
                    "edits": [["offset": 0, "length": 0, "text": "let z = \"q\\\"\" + 1;\n"]],
                ]))
        server.handle(
            .request(
                id: .integer(201), method: "textDocument/semanticTokens/full/delta",
                params: ["textDocument": document, "previousResultId": resultId]))
        server.handle(
            .request(
                id: .integer(202), method: "textDocument/semanticTokens/range",
                params: [
                    "textDocument": document,
                    "range": ["start": ["line": 0, "character": 0], "end": ["line": 2, "character": 0]],
                ]))
        return [full, try answer(201), try answer(202)]
    }

    @Test func writtenAnswersAreTheBytesOfTheAnswersSentAsValues() throws {
        let written = try Self.answers(keepsBytes: true)
        let values = try Self.answers(keepsBytes: false)
        #expect(written == values, "\(written.map { String(decoding: $0, as: UTF8.self) })")

        let full = try JSONValue(parsing: written[0])["result"]
        #expect(full?["data"]?.arrayValue?.isEmpty == false)
        let delta = try JSONValue(parsing: written[1])["result"]
        let edits = try #require(delta?["edits"]?.arrayValue)
        #expect(edits.contains { $0["data"]?.arrayValue?.isEmpty == false })
        #expect(delta?["resultId"]?.stringValue != nil)
        let range = try JSONValue(parsing: written[2])["result"]
        #expect(range?["data"]?.arrayValue?.isEmpty == false)
    }
}
