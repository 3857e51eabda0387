import DaemonCore
import JSONRPC
import Testing

/// `textDocument/foldingRange` for a plain-text document (indentation) and its answer's shape.
@Suite struct FoldingProtocolTests {
    @Test func plainTextFoldsByIndentation() throws {
        let transcript = Transcript()
        transcript.open("file:///notes.txt", "Shopping\n  milk\n\n  bread\n    brown\nDone\n\n")
        let ranges = try transcript.request(
            "textDocument/foldingRange", ["textDocument": ["uri": "file:///notes.txt"]]
        ).get()
        #expect(ranges == [["startLine": 0, "endLine": 4], ["startLine": 3, "endLine": 4]])
    }

    @Test func theServerDeclaresFoldingAndAnUnknownDocumentIsRefused() throws {
        let transcript = Transcript.uninitialized()
        let answer = try transcript.request("initialize", ["capabilities": [:]]).get()
        #expect(answer["capabilities"]?["foldingRangeProvider"] == true)
        transcript.notify("initialized", [:])
        let result = transcript.request(
            "textDocument/foldingRange", ["textDocument": ["uri": "file:///none"]])
        guard case .failure(let error) = result else {
            Issue.record("a closed document was answered")
            return
        }
        #expect(error.code == -32602)
    }
}
