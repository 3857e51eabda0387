import JSONRPC
import TestSupport
import Testing

@testable import DaemonCore

/// Span rules, FormattableContent and background scheduling under a hostile client: bounded
/// time, exact offsets, and a warning the client can act on. Each test failed on 0b38690.
@Suite struct HostileSpanTests {
    static func open(_ transcript: Transcript, _ uri: String, content: JSONValue) -> [RPCMessage] {
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "plaintext", "version": 1,
                    "formattableContent": content,
                ]
            ])
    }

    @Test func aRuleThatRunsOutOfTimeIsDisabledAndReportedOnceWhileTheOthersWork() {
        // Every search of the first rule scans the rest of the line (no `z` follows), so one
        // line of 20,000 `a` costs it 200 million steps: far beyond its 12 ms for that line.
        let rules: JSONValue = [
            ["kind": "slow", "pattern": "a(?=[^z]*z)"], ["kind": "mention", "pattern": "@[a-z]+"],
        ]
        let transcript = Transcript(options: ["spanRules": rules])
        let text = "@bob " + String(repeating: "a", count: 20_000)
        let sent = transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///s.txt", "languageId": "plaintext", "version": 1, "text": .string(text),
                ]
            ])
        let warnings = Transcript.rejections(in: sent).filter { $0.contains("span rule 0") }
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.contains("a(?=[^z]*z)") == true
                && warnings.first?.contains("file:///s.txt") == true)
        let kinds = transcript.attributes("file:///s.txt")?["spans"]?.arrayValue?.map { $0["kind"] }
        #expect(kinds == ["mention"])
        // Later edits neither run the rule again nor report it again.
        let later = transcript.notify(
            "textStorage/edit",
            ["uri": "file:///s.txt", "version": 2, "edits": [["offset": 0, "length": 0, "text": "@amy "]]])
        #expect(Transcript.rejections(in: later).isEmpty)
        #expect(transcript.attributes("file:///s.txt")?["spans"]?.arrayValue?.count == 2)
    }

    @Test func formattableRangesBetweenCarriageReturnAndLineFeedOrWithNullIndicesAreSkipped() {
        let transcript = Transcript()
        let sent = Self.open(
            transcript, "file:///f",
            content: [
                "text": "ab\r\ncd",
                "ranges": [
                    ["type": "cut", "indices": [0, 3]], ["type": "null", "indices": [0, .null, 2]],
                    ["type": "whole", "indices": [0, 6], "atomic": true],
                ],
            ])
        let warnings = Transcript.rejections(in: sent)
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("ranges[0] (cut)") })
        #expect(warnings.contains { $0.contains("ranges[1]") && $0.contains("two integers") })
        let spans = transcript.attributes("file:///f")?["spans"]?.arrayValue ?? []
        #expect(spans.map { $0["kind"] } == ["whole"])
    }

    @Test func anExpandedEditNeverSplitsACarriageReturnFromItsLineFeed() {
        let transcript = Transcript()
        // A given atomic span over `ab\r` (a lone CR is a line end), then a `\n` typed after it:
        // the span now ends between `\r` and `\n`.
        _ = Self.open(
            transcript, "file:///g",
            content: ["text": "ab\rcd", "ranges": [["type": "user", "indices": [0, 3], "atomic": true]]])
        transcript.notify(
            "textStorage/edit",
            ["uri": "file:///g", "version": 2, "edits": [["offset": 3, "length": 0, "text": "\n"]]])
        let result = transcript.request(
            "textStorage/edit",
            [
                "uri": "file:///g", "version": 3, "atomic": "expand",
                "edits": [["offset": 1, "length": 0, "text": "X"]],
            ])
        guard case .failure(let error) = result else {
            Issue.record("an insertion moved between \\r and \\n must be refused, got \(result)")
            return
        }
        #expect(error.code == -32602)
        let exported = try? transcript.request(
            "textStorage/export", ["uri": "file:///g", "format": "formattable-content"]
        ).get()
        #expect(exported?["text"] == "ab\r\ncd", "the refused edit changed nothing")
    }

    @Test func aFloodOfBadRangesGetsAFewWarnings() {
        let transcript = Transcript()
        let ranges = JSONValue.array((0..<1_000).map { _ in ["type": "t", "indices": [0, 1]] })
        let sent = Self.open(transcript, "file:///h", content: ["text": "xyz", "ranges": ranges])
        let warnings = Transcript.rejections(in: sent)
        #expect(warnings.count == Server.maximumOpenWarnings + 1)
        #expect(warnings.last?.contains("983 more") == true)
    }

    @Test func givenSpansOverlappingAnEarlierRangeAreSkippedInAnyOrder() {
        let transcript = Transcript()
        let sent = Self.open(
            transcript, "file:///i",
            content: [
                "text": "0123456789",
                "ranges": [
                    ["type": "a", "indices": [4, 6]], ["type": "b", "indices": [0, 5]],
                    ["type": "c", "indices": [6, 10]], ["type": "d", "indices": [0, 4]],
                    ["type": "e", "indices": [5, 7]],
                ],
            ])
        #expect(Transcript.rejections(in: sent).count == 2)
        let spans = transcript.attributes("file:///i")?["spans"]?.arrayValue ?? []
        #expect(spans.map { $0["kind"] } == ["d", "a", "c"])
    }
}

@Suite struct BackgroundQueueTests {
    @Test func documentsAViewShowsComeFirstThenByURI() {
        var queue = BackgroundQueue()
        var ranks = ["c": 1, "a": 1, "b": 1]
        for uri in ["c", "a", "b"] { queue.schedule(uri, rank: 1) }
        #expect(queue.next { ranks[$0] } == "a")
        ranks["c"] = 0
        queue.schedule("c", rank: 0)
        #expect(queue.next { ranks[$0] } == "c")
        ranks["c"] = nil  // settled
        #expect(queue.next { ranks[$0] } == "a")
        ranks["a"] = nil
        #expect(queue.next { ranks[$0] } == "b")
        ranks["b"] = nil
        #expect(queue.next { ranks[$0] } == nil)
        #expect(queue.count == 0)
    }

    @Test func aDocumentWhoseRankChangedUnseenIsTakenAtItsNewRank() {
        var queue = BackgroundQueue()
        var ranks = ["a": 0, "b": 1]
        queue.schedule("a", rank: 0)
        queue.schedule("b", rank: 1)
        ranks["a"] = 1  // its view closed without a schedule
        #expect(queue.next { ranks[$0] } == "a", "a still sorts before b by URI")
        ranks["b"] = 0
        #expect(queue.next { ranks[$0] } == "a", "b's view is not known until b is scheduled")
        queue.schedule("b", rank: 0)
        #expect(queue.next { ranks[$0] } == "b")
    }

    @Test func manyOpenDocumentsAllSettle() throws {
        let transcript = Transcript()
        // Each over 64 KiB of lines, so its links are found in background slices.
        let text = String(repeating: "www.example.com/a\n", count: 4_000)
        for index in 0..<20 { transcript.open("file:///d\(index).txt", text) }
        var slices = 0
        while transcript.server.runBackgroundSlice() { slices += 1 }
        #expect(slices >= 19, "one slice each, the last one reporting no work left")
        for index in 0..<20 {
            #expect(transcript.attributes("file:///d\(index).txt")?["pending"] == false)
        }
    }
}

@Suite struct CoveredPositionsTests {
    @Test func acceptsARangeExactlyWhenItOverlapsNoEarlierAcceptedOne() {
        var random = SeededGenerator(fallback: 0xC0FE)
        for _ in 0..<500 {
            let ranges = (0..<Int.random(in: 0...12, using: &random)).map { _ -> Range<Int> in
                let lower = Int.random(in: 0...30, using: &random)
                return lower..<(lower + Int.random(in: 0...8, using: &random))
            }
            var covered = CoveredPositions(boundaries: ranges.flatMap { [$0.lowerBound, $0.upperBound] })
            var accepted: [Range<Int>] = []
            for range in ranges {
                let overlaps = accepted.contains { $0.overlaps(range) }
                #expect(covered.overlaps(range) == overlaps, "\(range) after \(accepted)")
                if !overlaps, !range.isEmpty {
                    covered.cover(range)
                    accepted.append(range)
                }
            }
        }
    }
}
