import Foundation
import JSONRPC
import Testing

/// A configuration change rebuilds every document with the new grammars and theme; what
/// belongs to the document and not to the configuration stays: its span rules (its own or
/// those of `initialize`), the spans the client gave, and its layout subscription.
@Suite struct DocumentRebuildTests {
    static let themeChange: JSONValue = ["settings": ["highlightd": ["theme": "light"]]]

    static func spans(_ transcript: Transcript, _ uri: String) -> [JSONValue] {
        transcript.attributes(uri)?["spans"]?.arrayValue ?? []
    }

    static func edit(_ transcript: Transcript, _ uri: String, version: Int, at offset: Int, _ text: String)
        -> [RPCMessage]
    {
        transcript.notify(
            "textStorage/edit",
            [
                "uri": .string(uri), "version": .integer(version),
                "edits": [["offset": .integer(offset), "length": 0, "text": .string(text)]],
            ])
    }

    @Test func spanRulesFromInitializeStillApplyAfterAConfigurationChangeAndAnEdit() {
        let transcript = Transcript(options: ["spanRules": SpanProtocolTests.rules])
        transcript.open("file:///a.txt", "hi @bob x")
        let before = Self.spans(transcript, "file:///a.txt")
        #expect(before.map { $0["kind"] } == ["mention"])
        transcript.notify("workspace/didChangeConfiguration", Self.themeChange)
        #expect(Self.spans(transcript, "file:///a.txt") == before)
        _ = Self.edit(transcript, "file:///a.txt", version: 2, at: 9, " @amy")
        #expect(Self.spans(transcript, "file:///a.txt").map { $0["offset"] } == [3, 10])
    }

    @Test func aDocumentsOwnSpanRulesSurviveAConfigurationChange() {
        let transcript = Transcript(options: ["spanRules": SpanProtocolTests.rules])
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///d.txt", "languageId": "plaintext", "version": 1, "text": "@bob #x",
                ],
                "spanRules": [["kind": "hashtag", "pattern": "#\\w+"]],
            ])
        transcript.notify("workspace/didChangeConfiguration", Self.themeChange)
        _ = Self.edit(transcript, "file:///d.txt", version: 2, at: 7, " #y")
        #expect(Self.spans(transcript, "file:///d.txt").map { $0["kind"] } == ["hashtag", "hashtag"])
    }

    @Test func spansTheClientGaveKeepTheirPlaceAndFlags() {
        let transcript = Transcript()
        _ = HostileSpanTests.open(
            transcript, "file:///g",
            content: [
                "text": "say hello to Ann",
                "ranges": [["type": "user", "indices": [13, 16], "atomic": true, "unbreakable": true]],
            ])
        let before = Self.spans(transcript, "file:///g")
        #expect(before.count == 1)
        transcript.notify("workspace/didChangeConfiguration", Self.themeChange)
        #expect(Self.spans(transcript, "file:///g") == before)
        // Still atomic: a deletion inside it takes the whole span.
        let deleted = transcript.request(
            "textStorage/edit",
            [
                "uri": "file:///g", "version": 2, "atomic": "expand",
                "edits": [["offset": 14, "length": 1, "text": ""]],
            ])
        #expect((try? deleted.get()) != nil)
        let exported = try? transcript.request(
            "textStorage/export", ["uri": "file:///g", "format": "formattable-content"]
        ).get()
        #expect(exported?["text"] == "say hello to ")
    }
}

/// In the layout suite, which runs where its font is installed (and fails under CI without it).
extension LayoutProtocolTests {
    @Test func aLayoutSubscriptionKeepsSendingAfterAConfigurationChange() throws {
        let transcript = Transcript()
        transcript.open(Self.uri, "text")
        _ = try transcript.request("textStorage/layout", Self.request(subscribe: true)).get()
        transcript.notify("workspace/didChangeConfiguration", DocumentRebuildTests.themeChange)
        let sent = DocumentRebuildTests.edit(transcript, Self.uri, version: 2, at: 4, " more")
        let layouts = sent.filter {
            if case .notification("textStorage/didLayout", _) = $0 { return true }
            return false
        }
        #expect(layouts.count == 1)
    }
}
