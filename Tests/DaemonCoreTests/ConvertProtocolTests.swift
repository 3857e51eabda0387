import JSONRPC
import Testing

@Suite struct ConvertProtocolTests {
    static let text = "e\u{301} 😀[赞]日本 [ok]!"

    @Test(arguments: ["utf-8", "utf-16", "utf-32"])
    func displayAndPlainRoundTripInEveryUnit(encoding: String) throws {
        let transcript = Transcript(encoding: encoding, options: ["spanRules": SpanProtocolTests.rules])
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///c.txt", "languageId": "plaintext", "version": 1,
                    "text": .string(Self.text),
                ],
                "spanRules": [
                    [
                        "kind": "shortcode", "pattern": "\\[[^\\[\\]]+\\]",
                        "table": ["[赞]": ["image": "like.png", "text": "👍"], "[ok]": ["image": "ok.png"]],
                    ]
                ],
            ])
        let display = try transcript.request(
            "textStorage/convert", ["uri": "file:///c.txt", "to": "display"]
        ).get()
        #expect(display["text"] == .string("e\u{301} 😀👍日本 \u{FFFC}!"))
        let attachments = display["attachments"]?.arrayValue ?? []
        #expect(attachments.count == 2)
        func units(_ string: String) -> Int {
            switch encoding {
            case "utf-8": string.utf8.count
            case "utf-16": string.utf16.count
            default: string.unicodeScalars.count
            }
        }
        // The first attachment: display and plain offsets both after "é 😀", in the unit.
        #expect(attachments.first?["offset"] == .integer(units("e\u{301} 😀")))
        #expect(attachments.first?["plainOffset"] == .integer(units("e\u{301} 😀")))
        #expect(attachments.first?["length"] == .integer(units("👍")))
        #expect(attachments.first?["plainLength"] == .integer(units("[赞]")))
        #expect(attachments.last?["offset"] == .integer(units("e\u{301} 😀👍日本 ")))
        #expect(attachments.last?["plainOffset"] == .integer(units("e\u{301} 😀[赞]日本 ")))
        let plain = try transcript.request(
            "textStorage/convert",
            [
                "uri": "file:///c.txt", "to": "plain",
                "display": ["text": display["text"] ?? "", "attachments": .array(attachments)],
            ]
        ).get()
        #expect(plain["text"] == .string(Self.text))
        let part = try transcript.request(
            "textStorage/convert",
            [
                "uri": "file:///c.txt", "to": "display",
                "range": ["offset": .integer(units("e\u{301} ")), "length": .integer(units("😀[赞]"))],
            ]
        ).get()
        #expect(part["text"] == "😀👍")
    }

    @Test func badDisplayAttachmentsAreNamed() {
        let transcript = Transcript()
        transcript.open("file:///c.txt", "x")
        let result = transcript.request(
            "textStorage/convert",
            [
                "uri": "file:///c.txt", "to": "plain",
                "display": ["text": "😀", "attachments": [["offset": 1, "length": 1, "shortcode": "[a]"]]],
            ])
        guard case .failure(let error) = result else {
            Issue.record("an offset inside a surrogate pair must be refused")
            return
        }
        #expect(error.message.hasPrefix("display.attachments[0].offset"))
    }
}
