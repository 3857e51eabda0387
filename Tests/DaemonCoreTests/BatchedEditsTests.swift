import DaemonCore
import JSONRPC
import TestSupport
import Testing

/// Edits queued in one batch, documents interleaved: each is applied in its turn, a document
/// edited more than once gets one transaction (one push, with its last version), and every
/// document ends as a fresh open of its final text.
@Suite struct BatchedEditsTests {
    static func edit(_ uri: String, _ version: Int, offset: Int, length: Int, text: String) -> RPCMessage {
        .notification(
            method: "textStorage/edit",
            params: [
                "uri": .string(uri), "version": .integer(version),
                "edits": [["offset": .integer(offset), "length": .integer(length), "text": .string(text)]],
            ])
    }

    @Test func documentsEditedMoreThanOnceInABatchArePushedOnceWithTheirLastVersion() {
        let transcript = MemoryReleaseTests.transcript()
        let uris = ["file:///a.js", "file:///b.js", "file:///c.js"]
        for uri in uris { transcript.open(uri, "let x = 1;\nf(x);\n", language: "javascript") }
        let before = transcript.sent.count
        transcript.server.handle(batch: [
            Self.edit(uris[0], 2, offset: 0, length: 0, text: "/* "),
            Self.edit(uris[1], 2, offset: 4, length: 1, text: "yy"),
            Self.edit(uris[0], 3, offset: 3, length: 0, text: " */"),
            Self.edit(uris[2], 2, offset: 99, length: 0, text: "out of range"),
            Self.edit(uris[0], 4, offset: 0, length: 0, text: "\""),
        ])
        let pushes = KeystrokePushOrderTests.pushes(in: transcript.sent[before...])
        let versions = Dictionary(grouping: pushes, by: { $0["uri"]?.stringValue ?? "" })
            .mapValues { $0.compactMap { $0["version"]?.intValue } }
        #expect(versions[uris[0]] == [4], "one push for a's three edits, with the last version")
        #expect(versions[uris[1]] == [2], "b's only edit is pushed")
        #expect(versions[uris[2]] == nil, "c's edit was rejected: nothing changed")
        #expect(Transcript.rejections(in: Array(transcript.sent[before...])).count == 1)

        let finals = ["\"/*  */let x = 1;\nf(x);\n", "let yy = 1;\nf(x);\n", "let x = 1;\nf(x);\n"]
        for (uri, text) in zip(uris, finals) {
            let fresh = "file:///fresh" + uri.dropFirst("file://".count)
            transcript.open(fresh, text, language: "javascript")
            let edited = transcript.attributes(uri)
            let expected = transcript.attributes(fresh)
            #expect(edited?["runs"] == expected?["runs"], "\(uri)")
            #expect(edited?["brackets"] == expected?["brackets"], "\(uri)")
        }
    }
}
