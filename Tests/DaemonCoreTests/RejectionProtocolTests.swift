import JSONRPC
import Testing

/// A rejection says, in fields a plugin can act on, which document it was about and which
/// version the daemon still holds: `textStorage/didReject` for notifications (to clients of
/// the attribute protocol), the error's `data` for requests.
@Suite struct RejectionProtocolTests {
    static func rejections(in messages: [RPCMessage]) -> [JSONValue] {
        messages.compactMap { message in
            guard case .notification("textStorage/didReject", let params?) = message else { return nil }
            return params
        }
    }

    @Test func aRejectedEditNotificationNamesTheDocumentAndTheVersionKept() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "hello")
        transcript.notify(
            "textStorage/edit",
            ["uri": "file:///a.txt", "version": 2, "edits": [["offset": 5, "length": 0, "text": "!"]]])
        let sent = transcript.notify(
            "textStorage/edit",
            ["uri": "file:///a.txt", "version": 3, "edits": [["offset": 99, "length": 0, "text": "x"]]])
        let rejections = Self.rejections(in: sent)
        #expect(rejections.count == 1)
        #expect(rejections.first?["method"] == "textStorage/edit")
        #expect(rejections.first?["uri"] == "file:///a.txt")
        #expect(rejections.first?["version"] == 2, "the version of the last edit applied")
        #expect(rejections.first?["code"] == -32602)
        #expect(Transcript.rejections(in: sent).count == 1, "and the log message for people")
    }

    @Test func editsQueuedInOneBatchAreReportedEachByItsMethodAndDocument() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "hello")
        transcript.open("file:///b.txt", "world")
        func edit(_ uri: String, _ version: Int, at offset: Int) -> RPCMessage {
            .notification(
                method: "textStorage/edit",
                params: [
                    "uri": .string(uri), "version": .integer(version),
                    "edits": [["offset": .integer(offset), "length": 0, "text": "!"]],
                ])
        }
        let before = transcript.sent.count
        transcript.server.handle(batch: [
            edit("file:///a.txt", 2, at: 5),
            edit("file:///b.txt", 2, at: 99),
            .notification(method: "textStorage/edit", params: ["uri": "file:///b.txt", "version": "three"]),
            edit("file:///a.txt", 3, at: 0),
            edit("file:///b.txt", 3, at: 0),
        ])
        let rejections = Self.rejections(in: Array(transcript.sent[before...]))
        #expect(rejections.count == 2)
        for rejection in rejections {
            #expect(rejection["method"] == "textStorage/edit")
            #expect(rejection["uri"] == "file:///b.txt")
            #expect(rejection["code"] == -32602)
            #expect(rejection["version"] == 1, "reported in turn, before b's third edit")
        }
        func text(_ uri: String) -> JSONValue? {
            try? transcript.request(
                "textStorage/export", ["uri": .string(uri), "format": "formattable-content"]
            )
            .get()["text"]
        }
        #expect(text("file:///a.txt") == "!hello!")
        #expect(text("file:///b.txt") == "!world")
    }

    @Test func aRejectedEditRequestCarriesTheDocumentInTheErrorsData() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "hello", version: 4)
        let result = transcript.request(
            "textStorage/edit",
            ["uri": "file:///a.txt", "version": 3, "edits": [["offset": 0, "length": 0, "text": "x"]]])
        guard case .failure(let error) = result else {
            Issue.record("an older version must be refused")
            return
        }
        #expect(error.data == ["uri": "file:///a.txt", "version": 4])
    }

    @Test func aDocumentThatIsNotOpenHasANullVersion() {
        let transcript = Transcript()
        let sent = transcript.notify(
            "textStorage/edit",
            ["uri": "file:///gone.txt", "version": 2, "edits": [["offset": 0, "length": 0, "text": "x"]]])
        #expect(Self.rejections(in: sent).first?["uri"] == "file:///gone.txt")
        #expect(Self.rejections(in: sent).first?["version"] == .null)
    }

    @Test func aPlainLSPClientGetsOnlyTheLogMessage() {
        let transcript = Transcript.uninitialized()
        _ = transcript.request("initialize", ["capabilities": [:]])
        transcript.notify("initialized", [:])
        transcript.open("file:///a.txt", "hello")
        let sent = transcript.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///a.txt", "version": 1],
                "contentChanges": [["text": "again"]],
            ])
        #expect(Self.rejections(in: sent).isEmpty)
        #expect(Transcript.rejections(in: sent).count == 1)
    }
}
