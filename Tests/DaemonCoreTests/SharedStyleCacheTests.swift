import Foundation
import JSONRPC
import TestSupport
import Testing

@testable import DaemonCore

/// Documents of one grammar share one style cache, which goes once none of them is open.
@Suite struct SharedStyleCacheTests {
    @Test func documentsOfOneGrammarShareOneCacheUntilTheLastIsClosed() throws {
        let transcript = MemoryReleaseTests.transcript()
        MemoryReleaseTests.open(transcript, "file:///a.js", "let a = 1; // see\n")
        MemoryReleaseTests.open(transcript, "file:///b.js", "const b = `x ${a}`;\n")
        let server = transcript.server
        let first = try #require(server.documents["file:///a.js"]?.highlighter)
        let second = try #require(server.documents["file:///b.js"]?.highlighter)
        #expect(first.sharedStyles === second.sharedStyles)
        #expect(first.sharedStyles.count > 0)
        #expect(server.sharedStyleCaches.count == 1)

        transcript.notify("textDocument/didClose", ["textDocument": ["uri": "file:///a.js"]])
        server.releaseUnusedMemory()
        #expect(server.sharedStyleCaches.count == 1)
        transcript.notify("textDocument/didClose", ["textDocument": ["uri": "file:///b.js"]])
        server.releaseUnusedMemory()
        #expect(server.sharedStyleCaches.isEmpty)
    }

    /// One memo of recent lines per grammar: a line the first document tokenized is answered
    /// from it in the second, and releasing memory empties it.
    @Test func documentsOfOneGrammarShareTheirRecentLinesUntilMemoryIsReleased() throws {
        let transcript = MemoryReleaseTests.transcript()
        let lines = "let a = 1;\nlet b = [a, 2];\n"
        MemoryReleaseTests.open(transcript, "file:///a.js", "// one\n" + lines)
        let server = transcript.server
        let first = try #require(server.documents["file:///a.js"]?.highlighter)
        let hits = first.recentLines.hits
        MemoryReleaseTests.open(transcript, "file:///b.js", "// two\n" + lines)
        let second = try #require(server.documents["file:///b.js"]?.highlighter)
        #expect(second.recentLines.count > 0)
        // The two lines after the comment and the empty last line: same bytes, same
        // (interned) start states.
        #expect(second.recentLines.hits == hits + 3)
        server.releaseUnusedMemory()
        #expect(first.recentLines.count == 0)
    }

    @Test func aDocumentHighlightedBesideAnotherGetsTheStylesOfOneOpenedAlone() throws {
        let text = "function f(a) { return `t ${a}` /* c */ + \"s\"; }\n"
        let together = MemoryReleaseTests.transcript()
        MemoryReleaseTests.open(together, "file:///other.js", "class C { m() { return /re+/g; } }\n")
        MemoryReleaseTests.open(together, "file:///a.js", text)
        let alone = MemoryReleaseTests.transcript()
        MemoryReleaseTests.open(alone, "file:///a.js", text)
        // Style ids are handed out in first-seen order, so compare the styles they stand for.
        func styles(_ transcript: Transcript) throws -> [String] {
            let server = transcript.server
            let storage = try #require(server.documents["file:///a.js"]?.storage)
            return storage.syntaxRuns(in: storage.text.utf8Range).map {
                "\($0.length) \(server.styles[$0.value])"
            }
        }
        #expect(try styles(together) == styles(alone))
        #expect(try styles(alone).count > 5)
    }
}
