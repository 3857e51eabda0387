import DaemonCore
import Foundation
import JSONRPC
import TestSupport
import Testing

/// What the daemon frees when it goes idle only ever cached work: after a release, edits keep
/// the document exactly as highlighted as a fresh open of the same text.
@Suite struct MemoryReleaseTests {
    static func transcript() -> Transcript {
        Transcript(options: [
            "grammarPaths": [.string(TestData.projectRoot.appendingPathComponent("Grammars/Languages").path)]
        ])
    }

    static func open(_ transcript: Transcript, _ uri: String, _ text: String) {
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "javascript", "version": 1, "text": .string(text),
                ]
            ])
        while transcript.server.runBackgroundSlice() {}
    }

    @Test func editsAfterReleasingCachesMatchAFreshOpen() throws {
        let transcript = Self.transcript()
        let uri = "file:///a.js"
        var text = (0..<60).map { "function f\($0)(a) { return `t ${a + \($0)}` /* c */ + \"s\"; }\n" }
            .joined()
        Self.open(transcript, uri, text)
        var generator = SeededGenerator(fallback: 7)
        let pieces = ["{", "}", "\"", "`", "/*", "*/", "x", "\n", " ", "${", "// ", "'"]
        for version in 2..<120 {
            let scalars = Array(text.unicodeScalars)
            let offset = Int(generator.next() % UInt64(scalars.count + 1))
            let length = min(Int(generator.next() % 4), scalars.count - offset)
            let inserted = pieces[Int(generator.next() % UInt64(pieces.count))]
            var edited = scalars
            edited.replaceSubrange(offset..<(offset + length), with: inserted.unicodeScalars)
            let utf16Offset = String(String.UnicodeScalarView(scalars[..<offset])).utf16.count
            let utf16Length = String(String.UnicodeScalarView(scalars[offset..<(offset + length)])).utf16
                .count
            transcript.notify(
                "textStorage/edit",
                [
                    "uri": .string(uri), "version": .integer(version),
                    "edits": [
                        [
                            "offset": .integer(utf16Offset), "length": .integer(utf16Length),
                            "text": .string(inserted),
                        ]
                    ],
                ])
            text = String(String.UnicodeScalarView(edited))
            while transcript.server.runBackgroundSlice() {}
            if version % 10 == 0 { transcript.server.releaseUnusedMemory() }
        }
        let fresh = Self.transcript()
        Self.open(fresh, uri, text)
        let edited = try #require(transcript.attributes(uri))
        let expected = try #require(fresh.attributes(uri))
        #expect(edited["runs"] == expected["runs"])
        #expect(edited["links"] == expected["links"])
    }
}
