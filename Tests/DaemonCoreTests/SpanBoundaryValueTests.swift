import JSONRPC
import Testing

/// The span methods' numeric fields take Int's extremes like every other field: an answer,
/// never a trap, and a rejected message changes nothing.
@Suite struct SpanBoundaryValueTests {
    static let uri = "file:///s.txt"

    @Test(arguments: BoundaryValueTests.encodings)
    func everySpanFieldTakesEveryHostileValue(encoding: String) {
        let transcript = Transcript(encoding: encoding, options: ["spanRules": SpanProtocolTests.rules])
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(Self.uri), "languageId": "plaintext", "version": 1, "text": "日😀@bob [赞]\n",
                ]
            ])
        let before = transcript.attributes(Self.uri)
        for value in BoundaryValueTests.hostile {
            let requests: [(String, JSONValue)] = [
                (
                    "textStorage/adjustSelection",
                    [
                        "uri": .string(Self.uri), "selection": ["offset": value, "length": 0],
                        "direction": "forward",
                    ]
                ),
                (
                    "textStorage/adjustSelection",
                    ["uri": .string(Self.uri), "selection": ["offset": 1, "length": value]]
                ),
                (
                    "textStorage/convert",
                    ["uri": .string(Self.uri), "to": "display", "range": ["offset": value, "length": 1]]
                ),
                (
                    "textStorage/convert",
                    ["uri": .string(Self.uri), "to": "display", "range": ["offset": 0, "length": value]]
                ),
                (
                    "textStorage/convert",
                    [
                        "uri": .string(Self.uri), "to": "plain",
                        "display": [
                            "text": "a👍",
                            "attachments": [["offset": value, "length": 1, "shortcode": "[赞]"]],
                        ],
                    ]
                ),
                (
                    "textStorage/convert",
                    [
                        "uri": .string(Self.uri), "to": "plain",
                        "display": [
                            "text": "a👍",
                            "attachments": [["offset": 1, "length": value, "shortcode": "[赞]"]],
                        ],
                    ]
                ),
                (
                    "textStorage/edit",
                    [
                        "uri": .string(Self.uri), "version": 99, "atomic": "expand",
                        "edits": [["offset": value, "length": 1, "text": ""]],
                    ]
                ),
                (
                    "textStorage/edit",
                    [
                        "uri": .string(Self.uri), "version": 99, "atomic": "expand",
                        "edits": [["offset": 1, "length": value, "text": ""]],
                    ]
                ),
            ]
            for (method, params) in requests {
                if case .failure(let error) = transcript.request(method, params) {
                    #expect(error.code == -32602, "\(method): \(error)")
                }
            }
            for indices: JSONValue in [[value, 1], [0, value], [value, value]] {
                transcript.notify(
                    "textDocument/didOpen",
                    [
                        "textDocument": [
                            "uri": "file:///f", "languageId": "plaintext", "version": 1,
                            "formattableContent": [
                                "text": "😀ab", "ranges": [["type": "x", "indices": indices]],
                            ],
                        ]
                    ])
            }
        }
        // Only an expand edit with a valid offset may have changed the text (it is shorter then).
        let after = transcript.attributes(Self.uri)?["range"]?["length"]?.intValue ?? -1
        #expect(after <= (before?["range"]?["length"]?.intValue ?? 0) && after > 0)
    }
}
