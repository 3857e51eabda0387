import DaemonCore
import JSONRPC
import Testing

/// `textStorage/attributes` answers are written as bytes (`WireBytesEncodable`), not built as a
/// `JSONValue` and serialized. The bytes must be exactly the serialization of the response a
/// server without a byte output sends as a value (members in key order, the same numbers and
/// escapes), so clients see the bytes they saw before.
@Suite struct AttributesResponseBytesTests {
    typealias Output = EditingPushBytesTests.Output

    static let uri = "file:///dir/a \"b\".js"

    /// The responses to `textStorage/attributes` requests, whole document and ranges, under a
    /// number id and a string id that needs escapes.
    static func ask(_ server: Server) {
        let requests: [(RequestID, JSONValue)] = [
            (.integer(100), ["uri": .string(uri)]),
            (.string("range \"7\"\n"), ["uri": .string(uri), "range": ["offset": 3, "length": 40]]),
            (.integer(101), ["uri": .string(uri), "range": ["offset": 0, "length": 0]]),
        ]
        for (id, params) in requests {
            server.handle(.request(id: id, method: "textStorage/attributes", params: params))
        }
    }

    /// The answers to `ask`'s requests (ids from 100 on, or strings).
    static func responses(_ messages: [RPCMessage]) -> [RPCMessage] {
        messages.filter {
            guard case .response(let id?, _) = $0 else { return false }
            if case .integer(let number) = id { return number >= 100 }
            return true
        }
    }

    @Test(arguments: ["utf-16", "utf-8", "utf-32"])
    func writtenAnswersAreTheBytesOfTheAnswersSentAsValues(encoding: String) throws {
        let written = Output()
        let writing = EditingPushBytesTests.serve(encoding: encoding, output: written)
        EditingPushBytesTests.exercise(writing)
        let pushes = written.bytes.count
        Self.ask(writing)
        let answers = Array(written.bytes[pushes...])
        #expect(answers.count == 3)

        let parsed = Output()
        let parsing = EditingPushBytesTests.serve(encoding: encoding, output: parsed, keepsBytes: false)
        EditingPushBytesTests.exercise(parsing)
        Self.ask(parsing)
        let values = Self.responses(parsed.messages)
        #expect(values.count == 3)
        #expect(
            Self.responses(written.messages).isEmpty,
            "answers go out as bytes when the server has a byte output")

        for (bytes, value) in zip(answers, values) {
            #expect(bytes == value.json.serializedBytes(), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// In UTF-16 the exercise's edits leave brackets, a link and spans (in UTF-8 its last edit
    /// cuts the block comment's end, and the rest of the script is a comment).
    @Test func theWholeDocumentsAnswerHasEveryPart() throws {
        let written = Output()
        let server = EditingPushBytesTests.serve(encoding: "utf-16", output: written)
        EditingPushBytesTests.exercise(server)
        let pushes = written.bytes.count
        Self.ask(server)
        let whole = try JSONValue(parsing: written.bytes[pushes])
        let result = try #require(whole["result"])
        for part in ["runs", "brackets", "links", "spans"] {
            #expect(result[part]?.arrayValue?.isEmpty == false, "\(part)")
        }
        #expect(result["styles"]?.objectValue?.isEmpty == false)
    }

    @Test func aRejectedRequestIsStillAnErrorValue() {
        let output = Output()
        let server = EditingPushBytesTests.serve(encoding: "utf-16", output: output)
        server.handle(
            .request(id: .integer(7), method: "textStorage/attributes", params: ["uri": "file:///nowhere.js"])
        )
        let errors = output.messages.filter {
            if case .response(id: .integer(7), result: .failure) = $0 { return true }
            return false
        }
        #expect(errors.count == 1)
    }
}
