import DaemonCore
import JSONRPC
import Testing

/// The LSP face's message handling, in process: cancellation, configuration and the
/// methods every client may send.
@Suite struct LSPFaceTests {
    static let tokens: JSONValue = ["textDocument": ["uri": "file:///a.txt"]]

    @Test func aRequestCancelledLaterInTheSameBatchIsAnsweredWithRequestCancelled() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "see https://example.com\n")
        transcript.server.handle(batch: [
            .request(id: .integer(50), method: "textDocument/documentLink", params: Self.tokens),
            .request(id: .string("b"), method: "textDocument/documentLink", params: Self.tokens),
            .notification(method: "$/cancelRequest", params: ["id": 50]),
            .notification(method: "$/cancelRequest", params: ["id": "unknown"]),
        ])
        let answers = transcript.sent.compactMap {
            message -> (RequestID?, Result<JSONValue, ResponseError>)? in
            guard case .response(let id, let result) = message else { return nil }
            return (id, result)
        }
        #expect(answers.count == 3)  // initialize, then the two requests
        #expect(answers[1].0 == .integer(50))
        #expect((try? answers[1].1.get()) == nil)
        if case .failure(let error) = answers[1].1 { #expect(error.code == -32800) }
        #expect(answers[2].0 == .string("b"))
        #expect((try? answers[2].1.get())?.arrayValue?.count == 1)
    }

    @Test func aCancellationBeforeItsRequestCancelsNothing() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "x\n")
        transcript.server.handle(batch: [
            .notification(method: "$/cancelRequest", params: ["id": 7]),
            .request(id: .integer(7), method: "textDocument/documentLink", params: Self.tokens),
        ])
        guard case .response(.integer(7)?, let result) = transcript.sent.last else {
            Issue.record("no answer")
            return
        }
        #expect((try? result.get()) != nil)
    }

    @Test func unknownRequestsAreMethodNotFoundAndUnknownNotificationsAreIgnored() {
        let transcript = Transcript()
        guard case .failure(let error) = transcript.request("workspace/symbol", ["query": "x"]) else {
            Issue.record("answered")
            return
        }
        #expect(error.code == -32601)
        #expect(transcript.notify("$/setTrace", ["value": "off"]).isEmpty)
        #expect(transcript.notify("workspace/didChangeWatchedFiles", ["changes": []]).isEmpty)
    }

    @Test func didSaveOfAnOpenDocumentIsAcceptedSilently() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "x\n")
        #expect(transcript.notify("textDocument/didSave", ["textDocument": ["uri": "file:///a.txt"]]).isEmpty)
        let rejected = transcript.notify("textDocument/didSave", ["textDocument": ["uri": "file:///b.txt"]])
        #expect(Transcript.rejections(in: rejected).count == 1)
    }

    @Test func aNewThemeRepushesEveryDocumentWithFreshStyleDefinitions() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "see https://example.com\n")
        let sent = transcript.notify(
            "workspace/didChangeConfiguration", ["settings": ["highlightd": ["theme": "light"]]])
        let pushes = sent.filter {
            if case .notification("textStorage/didProcessEditing", _) = $0 { return true }
            return false
        }
        #expect(pushes.count == 1)
        guard case .notification(_, let params?) = pushes.first else { return }
        #expect(params["version"] == 1)
        #expect(params["changes"]?.arrayValue?.first?["links"]?.arrayValue?.count == 1)
    }

    @Test func aBadThemeIsRejectedAndChangesNothing() {
        let transcript = Transcript()
        transcript.open("file:///a.txt", "x\n")
        let sent = transcript.notify(
            "workspace/didChangeConfiguration", ["settings": ["highlightd": ["theme": "/no/such.json"]]])
        #expect(Transcript.rejections(in: sent).count == 1)
        #expect(transcript.attributes("file:///a.txt")?["version"] == 1)
    }
}
