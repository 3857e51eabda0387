import Foundation
import JSONRPC
import Testing

@Suite struct FormattableProtocolTests {
    static func export(_ transcript: Transcript, _ uri: String) throws -> JSONValue {
        try transcript.request("textStorage/export", ["uri": .string(uri), "format": "formattable-content"])
            .get()
    }

    @Test func openingFormattableContentMakesItsRangesSpansAndExportGivesThemBack() throws {
        let transcript = Transcript(encoding: "utf-8")
        let content: JSONValue = [
            "text": "😀 This site was created by Author",
            "ranges": [
                ["type": "site", "siteID": 42, "url": "https://www.wordpress.com", "indices": [3, 12]],
                ["type": "user", "indices": [28, 34], "atomic": true],
            ],
        ]
        let sent = transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///n", "languageId": "plaintext", "version": 1,
                    "formattableContent": content,
                ]
            ])
        #expect(Transcript.rejections(in: sent).isEmpty)
        #expect(try Self.export(transcript, "file:///n") == content)
        // In UTF-8 (the negotiated unit) the site span starts after the emoji's 4 bytes and a space.
        let spans = transcript.attributes("file:///n")?["spans"]?.arrayValue ?? []
        #expect(spans.first?["offset"] == 5 && spans.first?["siteID"] == 42)
        // Cutting into Author breaks that span; the site span moves.
        transcript.notify(
            "textStorage/edit",
            [
                "uri": "file:///n", "version": 2,
                "edits": [["offset": 0, "length": 5, "text": ""], ["offset": 30, "length": 1, "text": ""]],
            ])
        let after = try Self.export(transcript, "file:///n")
        #expect(after["ranges"]?.arrayValue?.map { $0["indices"] } == [[0, 9]])
    }

    @Test func exportListsLinksAndRuleSpansInDocumentOrder() throws {
        let transcript = Transcript(options: ["spanRules": SpanProtocolTests.rules])
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///c", "languageId": "plaintext", "version": 1,
                    "text": "日本 http://a.io @bob [赞]",
                ]
            ])
        let exported = try Self.export(transcript, "file:///c")
        #expect(
            exported["ranges"]
                == [
                    ["type": "link", "indices": [3, 14], "url": "http://a.io"],
                    ["type": "mention", "indices": [15, 19], "atomic": true, "unbreakable": true],
                    [
                        "type": "shortcode", "indices": [20, 23], "atomic": true, "shortcode": "[赞]",
                        "image": "like.png", "text": "👍",
                    ],
                ])
    }

    @Test func badRangesAreSkippedWithWarningsNamingThem() {
        let transcript = Transcript()
        let sent = transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///b", "languageId": "plaintext", "version": 1,
                    "formattableContent": [
                        "text": "😀ab",
                        "ranges": [
                            ["type": "x", "indices": [1, 2]], ["type": "y", "indices": [2, 3]],
                            ["type": "z", "indices": [2, 4]], ["type": "n", "indices": [0, 0]],
                            ["indices": [0, 2]],
                        ],
                    ],
                ]
            ])
        let warnings: [String] = sent.compactMap { message in
            guard case .notification("window/logMessage", let params?) = message, params["type"] == 2 else {
                return nil
            }
            return params["message"]?.stringValue
        }
        #expect(
            warnings == [
                "textDocument.formattableContent.ranges[0]: (x) index 1 is inside a surrogate pair; skipped",
                "textDocument.formattableContent.ranges[4]: type must be a non-empty string; skipped",
                "textDocument.formattableContent.ranges[1] (z): overlaps an earlier range (spans never overlap); skipped",
                "textDocument.formattableContent.ranges[2] (n): empty ranges cannot be spans; skipped",
            ])
        #expect(transcript.attributes("file:///b")?["spans"]?.arrayValue?.count == 1)
    }
}
