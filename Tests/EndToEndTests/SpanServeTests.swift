import Foundation
import JSONRPC
import TestSupport
import Testing

@Suite(.serialized) struct SpanServeTests {
    static let rules: JSONValue = [
        ["kind": "mention", "pattern": "@[A-Za-z0-9_]+", "atomic": true, "unbreakable": true],
        [
            "kind": "shortcode", "pattern": "\\[[^\\[\\]]+\\]", "atomic": true,
            "table": ["[赞]": ["image": "like.png", "text": "👍"], "[ok]": ["image": "ok.png"]],
        ],
    ]
    static let pieces = [
        "@bob", "[赞]", "[ok]", "[", "]", "@", "a@b.co", " ", "\n", "😀", "e\u{301}", "日本", "x",
    ]

    private func absorb(
        _ messages: [RPCMessage], into model: inout SpanClientModel, where keep: (Int) -> Bool
    ) {
        for case .notification("textStorage/didProcessEditing", let params?) in messages
        where keep(params["version"]?.intValue ?? 0) {
            model.apply(params)
        }
    }

    private func open(_ client: DaemonClient, _ uri: String, _ text: String) {
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "plaintext", "version": 1, "text": .string(text),
                ]
            ])
    }

    @Test(arguments: ["utf-8", "utf-16", "utf-32"])
    func aClientFollowingTheRuleHoldsTheServersSpans(encoding: String) throws {
        let client = try DaemonClient()
        _ = try client.call(
            "initialize",
            [
                "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                "initializationOptions": ["attributeDeltas": true, "spanRules": Self.rules],
            ])
        client.notify("initialized", [:])
        let uri = "file:///comment.txt"
        let start = "hi @alice [赞] 😀 see a@b.co\n日本 [ok]"
        open(client, uri, start)
        var model = SpanClientModel(unit: encoding, text: start, version: 1)
        var random = SeededGenerator(fallback: 0x5E_4E)
        for version in 2..<120 {
            let offsets = ClientAttributeModel(unit: encoding, text: model.text, version: 0).validOffsets
            let lower = offsets.randomElement(using: &random) ?? 0
            let upper =
                offsets.filter { $0 >= lower && $0 <= lower + 4 }.randomElement(using: &random) ?? lower
            let text = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                Self.pieces.randomElement(using: &random) ?? ""
            }
            .joined()
            let edit: JSONValue = [
                "offset": .integer(lower), "length": .integer(upper - lower), "text": .string(text),
            ]
            guard Bool.random(using: &random) else {
                client.notify(
                    "textStorage/edit", ["uri": .string(uri), "version": .integer(version), "edits": [edit]])
                model.edit(offset: lower, length: upper - lower, text: text, version: version)
                continue
            }
            let (answer, before) = try client.call(
                "textStorage/edit",
                ["uri": .string(uri), "version": .integer(version), "atomic": "expand", "edits": [edit]])
            absorb(before, into: &model) { $0 < version }
            let applied = try #require(answer["edits"]?.arrayValue?.first)
            let (offset, length) = (applied["offset"]?.intValue ?? 0, applied["length"]?.intValue ?? 0)
            for span in model.atomicRanges {
                let cut =
                    length > 0
                    ? span.overlaps(offset..<(offset + length))
                        && !(offset <= span.lowerBound && span.upperBound <= offset + length)
                    : span.lowerBound < offset && offset < span.upperBound
                #expect(!cut, "version \(version): an expand edit never cuts an atomic span")
            }
            model.edit(offset: offset, length: length, text: text, version: version)
            absorb(before, into: &model) { $0 >= version }
        }
        let (final, before) = try client.call("textStorage/attributes", ["uri": .string(uri)])
        absorb(before, into: &model) { _ in true }
        #expect(
            model.spans == SpanClientModel.spans(final), "the client's spans equal the server's (\(encoding))"
        )
        #expect(!model.spans.isEmpty)
        // Incremental equals a fresh open of the same text.
        open(client, "file:///fresh.txt", model.text)
        let (fresh, _) = try client.call("textStorage/attributes", ["uri": "file:///fresh.txt"])
        #expect(SpanClientModel.spans(fresh) == SpanClientModel.spans(final))
        // Display and back is exact.
        let (display, _) = try client.call("textStorage/convert", ["uri": .string(uri), "to": "display"])
        let (plain, _) = try client.call(
            "textStorage/convert", ["uri": .string(uri), "to": "plain", "display": display])
        #expect(plain["text"]?.stringValue == model.text)
        _ = try client.call("shutdown", nil)
        client.notify("exit", nil)
        #expect(client.finish() == 0)
    }
}
