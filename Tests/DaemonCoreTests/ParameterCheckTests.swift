import JSONRPC
import Testing

/// Every parameter PROTOCOL.md documents is type-checked: a mistyped one is answered with
/// -32602 naming the field, and changes nothing.
@Suite struct ParameterCheckTests {
    static let uri = "file:///a.txt"

    private func errorMessage(_ result: Result<JSONValue, ResponseError>) -> String? {
        guard case .failure(let error) = result, error.code == -32602 else { return nil }
        return error.message
    }

    @Test(arguments: [JSONValue.string("4"), 0, -3, .bool(true), .double(2.5), .integer(1 << 40)])
    func lineBreaksTabWidthIsChecked(tabWidth: JSONValue) {
        let transcript = Transcript()
        transcript.open(Self.uri, "a\tb\n")
        let answer = transcript.request(
            "textStorage/lineBreaks",
            ["uri": .string(Self.uri), "startLine": 0, "lineCount": 1, "width": 4, "tabWidth": tabWidth])
        #expect(errorMessage(answer)?.contains("tabWidth") == true, "\(answer)")
    }

    @Test(arguments: [
        ("version", JSONValue.null), ("version", "3"), ("version", .double(1.5)), ("languageId", 5),
        ("uri", 1), ("text", .array([])),
    ])
    func didOpenChecksItsFields(field: String, value: JSONValue) {
        let transcript = Transcript()
        var item: [String: JSONValue] = [
            "uri": .string(Self.uri), "languageId": "plaintext", "version": 1, "text": "hello",
        ]
        item[field] = value
        if value == .null { item[field] = nil }
        let rejections = Transcript.rejections(
            in: transcript.notify("textDocument/didOpen", ["textDocument": .object(item)]))
        #expect(rejections.count == 1 && rejections[0].contains("textDocument.\(field)"), "\(rejections)")
        #expect(transcript.attributes(Self.uri) == nil, "no document was opened")
    }

    @Test func viewportViewIdMustBeAStringOrAnInteger() {
        let transcript = Transcript()
        transcript.open(Self.uri, "hello")
        let rejections = Transcript.rejections(
            in: transcript.notify(
                "textStorage/viewport",
                ["uri": .string(Self.uri), "viewId": ["a": 1], "range": ["offset": 0, "length": 5]]))
        #expect(rejections.first?.contains("viewId") == true)
    }

    @Test(arguments: [
        ("attributeDeltas", JSONValue.string("yes")), ("theme", 3), ("grammarPaths", "/tmp"),
        ("grammarPaths", JSONValue.array([1])), ("bracketPairs", JSONValue.string("no")),
    ])
    func initializationOptionsAreChecked(option: String, value: JSONValue) {
        let transcript = Transcript.uninitialized()
        let answer = transcript.request(
            "initialize", ["capabilities": [:], "initializationOptions": .object([option: value])])
        #expect(errorMessage(answer)?.contains("initializationOptions.\(option)") == true, "\(answer)")
    }

    @Test func nullParamsCountAsAbsentForShutdownAndExit() {
        let transcript = Transcript()
        let shutdown = transcript.frame(#"{"jsonrpc":"2.0","id":41,"method":"shutdown","params":null}"#)
        #expect(shutdown == [.response(id: .integer(41), result: .success(.null))])
        #expect(transcript.frame(#"{"jsonrpc":"2.0","method":"exit","params":null}"#).isEmpty)
        #expect(transcript.server.exitStatus == 0)
    }

    @Test func editOffsetsMustBeNonNegativeIntegers() {
        let transcript = Transcript()
        transcript.open(Self.uri, "hello")
        for (field, value) in [("offset", JSONValue.integer(-1)), ("length", "1"), ("offset", .double(0.5))] {
            var edit: [String: JSONValue] = ["offset": 0, "length": 0, "text": "x"]
            edit[field] = value
            let answer = transcript.request(
                "textStorage/edit", ["uri": .string(Self.uri), "version": 2, "edits": [.object(edit)]])
            #expect(errorMessage(answer)?.hasPrefix("edits[0].\(field)") == true, "\(answer)")
        }
        #expect(transcript.attributes(Self.uri)?["version"] == 1)
    }
}
