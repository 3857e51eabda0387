import JSONRPC
import Testing

@Suite struct AtomicSpanProtocolTests {
    static func open(_ transcript: Transcript, _ text: String) {
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///c.txt", "languageId": "plaintext", "version": 1, "text": .string(text),
                ]
            ])
    }

    @Test(arguments: [("utf-16", 3, 7), ("utf-8", 7, 11), ("utf-32", 2, 6)])
    func expandDeletesAWholeMentionAndReportsTheEdit(encoding: String, start: Int, end: Int) throws {
        let transcript = Transcript(encoding: encoding, options: ["spanRules": SpanProtocolTests.rules])
        // "日" then 😀 then "@bob" then "!": the mention starts after a CJK character and a surrogate pair.
        Self.open(transcript, "日😀@bob!")
        let answer = try transcript.request(
            "textStorage/edit",
            [
                "uri": "file:///c.txt", "version": 2, "atomic": "expand",
                "edits": [["offset": .integer(end - 1), "length": 1, "text": ""]],
            ]
        ).get()
        #expect(
            answer["edits"] == [["offset": .integer(start), "length": .integer(end - start), "text": ""]])
        #expect(transcript.attributes("file:///c.txt")?["spans"] == [])
    }

    @Test func adjustSelectionSkipsAtomicSpansInUTF16() throws {
        let transcript = Transcript(options: ["spanRules": SpanProtocolTests.rules])
        Self.open(transcript, "👍🏽 [赞]@bob")
        // UTF-16: 👍🏽 is 4 units, " " 4, "[赞]" 5..<8, "@bob" 8..<12.
        func adjust(_ offset: Int, _ length: Int, _ direction: String) throws -> JSONValue? {
            try transcript.request(
                "textStorage/adjustSelection",
                [
                    "uri": "file:///c.txt",
                    "selection": ["offset": .integer(offset), "length": .integer(length)],
                    "direction": .string(direction),
                ]
            ).get()["selection"]
        }
        #expect(try adjust(6, 0, "forward") == ["offset": 8, "length": 0])
        #expect(try adjust(6, 0, "backward") == ["offset": 5, "length": 0])
        #expect(try adjust(7, 3, "forward") == ["offset": 5, "length": 7])
        #expect(try adjust(8, 0, "backward") == ["offset": 8, "length": 0])
        let bad = transcript.request(
            "textStorage/adjustSelection",
            ["uri": "file:///c.txt", "selection": ["offset": 1, "length": 0], "direction": "forward"])
        #expect(throws: ResponseError.self) { try bad.get() }
        let direction = transcript.request(
            "textStorage/adjustSelection",
            ["uri": "file:///c.txt", "selection": ["offset": 0, "length": 0], "direction": "up"])
        #expect(throws: ResponseError.self) { try direction.get() }
    }
}
