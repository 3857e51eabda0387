import DaemonCore
import JSONRPC
import Testing

/// `textStorage/didProcessEditing` is written as bytes (`EditingPushWriter`), not built as a
/// `JSONValue` and serialized. What it writes must be exactly the serialization of the value
/// it reads back as (members in key order, the same numbers and escapes), so clients see the
/// bytes they saw before; and a server without a byte output hands tests the same value.
@Suite struct EditingPushBytesTests {
    /// A server whose byte-written messages are kept as bytes, and its other messages.
    final class Output {
        var bytes: [[UInt8]] = []
        var messages: [RPCMessage] = []
    }

    static func serve(encoding: String, output: Output, keepsBytes: Bool = true) -> Server {
        let server = Server(
            configuration: .init(loadsBundledGrammars: true),
            sendBytes: keepsBytes ? { output.bytes.append($0) } : nil
        ) { output.messages.append($0) }
        server.handle(
            .request(
                id: .integer(1), method: "initialize",
                params: [
                    "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                    "initializationOptions": ["attributeDeltas": true, "spanRules": SpanProtocolTests.rules],
                ]))
        server.handle(.notification(method: "initialized", params: [:]))
        return server
    }

    /// Opens a script with brackets, a link, spans, astral characters and an escaped quote
    /// in its URI, then edits it: every part of a push has something to write.
    static func exercise(_ server: Server) {
        let uri = "file:///dir/a \"b\".js"
        let text = "// 😀 see https://example.com/x @bob [赞]\nfunction f(a) { return [a, {b: (1)}]; }\n"
        server.handle(
            .notification(
                method: "textDocument/didOpen",
                params: [
                    "textDocument": [
                        "uri": .string(uri), "languageId": "javascript", "version": 1, "text": .string(text),
                    ]
                ]))
        let edits: [JSONValue] = [
            ["offset": 48, "length": 0, "text": "{ "],
            ["offset": 0, "length": 0, "text": "/* 日本 */ @ann "],
            ["offset": 10, "length": 3, "text": ""],
        ]
        for (index, edit) in edits.enumerated() {
            server.handle(
                .request(
                    id: .integer(10 + index), method: "textStorage/edit",
                    params: ["uri": .string(uri), "version": .integer(2 + index), "edits": [edit]]))
        }
    }

    @Test(arguments: ["utf-16", "utf-8", "utf-32"])
    func writtenPushesAreTheSerializationOfWhatTheyReadBackAs(encoding: String) throws {
        let output = Output()
        Self.exercise(Self.serve(encoding: encoding, output: output))
        #expect(output.bytes.count >= 4)
        var seen: Set<String> = []
        for bytes in output.bytes {
            let value = try JSONValue(parsing: bytes)
            #expect(value.serializedBytes() == bytes, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(value["method"]?.stringValue == "textStorage/didProcessEditing")
            for change in value["params"]?["changes"]?.arrayValue ?? [] {
                for part in ["runs", "brackets", "links", "spans"]
                where change[part]?.arrayValue?.isEmpty == false {
                    seen.insert(part)
                }
            }
        }
        #expect(seen == ["runs", "brackets", "links", "spans"])
        let pushesAsValues = output.messages.filter {
            if case .notification("textStorage/didProcessEditing", _) = $0 { return true }
            return false
        }
        #expect(pushesAsValues.isEmpty, "pushes go out as bytes when the server has a byte output")
    }

    @Test func withoutAByteOutputPushesArriveAsTheValuesTheBytesReadAs() throws {
        let written = Output()
        Self.exercise(Self.serve(encoding: "utf-16", output: written))
        let parsed = Output()
        Self.exercise(Self.serve(encoding: "utf-16", output: parsed, keepsBytes: false))
        let pushes = parsed.messages.filter {
            if case .notification("textStorage/didProcessEditing", _) = $0 { return true }
            return false
        }
        #expect(!pushes.isEmpty)
        #expect(try written.bytes.map { try RPCMessage(json: JSONValue(parsing: $0)) } == pushes)
    }
}
