import JSONRPC
import Testing

@Suite struct SpanProtocolTests {
    static let rules: JSONValue = [
        ["kind": "mention", "pattern": "@[A-Za-z0-9_]+", "atomic": true, "unbreakable": true],
        [
            "kind": "shortcode", "pattern": "\\[[^\\[\\]]+\\]", "atomic": true,
            "table": ["[赞]": ["image": "like.png", "text": "👍"]],
        ],
    ]

    /// The `spans` of the last push among `messages`.
    static func pushedSpans(_ messages: [RPCMessage]) -> [JSONValue] {
        for case .notification("textStorage/didProcessEditing", let params?) in messages.reversed() {
            return (params["changes"]?.arrayValue ?? []).flatMap { $0["spans"]?.arrayValue ?? [] }
        }
        return []
    }

    @Test func pushesAndAttributesCarrySpansInTheNegotiatedUnit() {
        let transcript = Transcript(options: ["spanRules": Self.rules])
        let sent = transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///c.txt", "languageId": "plaintext", "version": 1,
                    "text": "😀 @bob [赞] a@b.co",
                ]
            ])
        let expected: [JSONValue] = [
            [
                "offset": 3, "length": 4, "kind": "mention", "atomic": true, "unbreakable": true,
            ],
            [
                "offset": 8, "length": 3, "kind": "shortcode", "atomic": true, "unbreakable": false,
                "shortcode": "[赞]", "image": "like.png", "text": "👍",
            ],
        ]
        #expect(Self.pushedSpans(sent) == expected)
        let attributes = transcript.attributes("file:///c.txt")
        #expect(attributes?["spans"]?.arrayValue == expected)
        #expect(attributes?["links"]?.arrayValue?.count == 1, "links stay as they were")
    }

    @Test func documentRulesReplaceTheInitializeRules() {
        let transcript = Transcript(options: ["spanRules": Self.rules])
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///d.txt", "languageId": "plaintext", "version": 1, "text": "@bob #x",
                ],
                "spanRules": [["kind": "hashtag", "pattern": "#\\w+"]],
            ])
        let spans = transcript.attributes("file:///d.txt")?["spans"]?.arrayValue ?? []
        #expect(spans.map { $0["kind"] } == ["hashtag"])
    }

    @Test func badRulesAreRejectedNamingTheRule() {
        let transcript = Transcript.uninitialized()
        let result = transcript.request(
            "initialize",
            ["initializationOptions": ["spanRules": [["kind": "m", "pattern": "(a"]]]])
        guard case .failure(let error) = result else {
            Issue.record("a bad pattern must be refused")
            return
        }
        #expect(error.code == -32602)
        #expect(error.message.hasPrefix("initializationOptions.spanRules[0].pattern (a:"))
    }
}
