import DocumentStorage
import EditTrace
import Foundation
import GrammarEngine
import Highlighting
import TestSupport
import Testing

@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct ReplayTests {
    @Test func rustcodeTraceReplaysWithoutMismatch() throws {
        let trace = try EditingTrace(contentsOf: TestData.url("editing-traces/rustcode.json.gz"))
        let log = EditLog(
            startContent: trace.startContent,
            transactions: trace.transactions.map { patches in
                EditLog.Transaction(
                    edits: patches.map {
                        TextEdit(location: $0.position, length: $0.deleted, text: $0.inserted)
                    },
                    unit: .utf32)
            },
            endContent: trace.endContent
        ).prefix(2_000)
        // No Rust grammar yet: JavaScript's still has comments, strings and braces that span lines.
        let replay = HighlightReplay(
            grammar: try HighlightingFixtures.grammar("JavaScript.tmLanguage.json"),
            styles: try HighlightingFixtures.styles(), verifyEvery: 100)
        let report = try replay.run(log)
        #expect(report.transactions == 2_000)
        #expect(report.checkpoints == 21)
        #expect(report.mismatches == 0, "\(report.firstMismatch.map(String.init(describing:)) ?? "")")
        #expect(report.finalTextMatches == nil)
        #expect(report.latencies.count == 2_000)
    }

    @Test func jsonLinesLogReplaysToItsClosingText() throws {
        let lines = [
            #"{"open": {"text": "let a = 1;\n", "languageId": "javascript"}}"#,
            #"{"edits": [{"offset": 4, "length": 1, "text": "bé"}], "encoding": "utf-16"}"#,
            #"{"edits": [{"offset": 0, "length": 0, "text": "/*"}, {"offset": 14, "length": 0, "text": "*/"}]}"#,
            "",
            #"{"edits": [{"offset": 0, "length": 0, "text": "😀"}], "encoding": "utf-8", "extra": true}"#,
            #"{"close": {"text": "😀/*let bé = 1;\n*/"}}"#,
        ]
        let log = try EditLog(jsonLines: Data(lines.joined(separator: "\n").utf8))
        #expect(log.languageId == "javascript")
        #expect(log.transactions.count == 3)
        #expect(log.transactions[2].unit == .utf8)
        let replay = HighlightReplay(
            grammar: try HighlightingFixtures.grammar("JavaScript.tmLanguage.json"),
            styles: try HighlightingFixtures.styles(), verifyEvery: 1)
        let report = try replay.run(log)
        #expect(report.mismatches == 0)
        #expect(report.finalTextMatches == true)
    }

    /// Opening a comment over ten lines and deleting it again: the second time, the ten lines
    /// are back in their old states and come from the memo of recent lines, which the report
    /// counts.
    @Test func aReplayCountsTheLinesTheRecentLinesAnswered() throws {
        let text = (0..<10).map { "let v\($0) = \($0);\n" }.joined()
        let lines = [
            #"{"open": {"text": "\#(text.replacingOccurrences(of: "\n", with: "\\n"))"}}"#,
            #"{"edits": [{"offset": 0, "length": 0, "text": "/*"}]}"#,
            #"{"edits": [{"offset": 0, "length": 2}]}"#,
        ]
        let log = try EditLog(jsonLines: Data(lines.joined(separator: "\n").utf8))
        let replay = HighlightReplay(
            grammar: try HighlightingFixtures.grammar("JavaScript.tmLanguage.json"),
            styles: try HighlightingFixtures.styles(), verifyEvery: 1)
        let report = try replay.run(log)
        #expect(report.mismatches == 0)
        // Lines 1–9 and the empty last line after the deletion; the first line is being typed.
        #expect(report.linesFromRecentLines == 10)
    }

    /// LSP's `plaintext`: no syntax layer, only the other hooks, which see the opening text
    /// and every transaction.
    @Test func aReplayWithoutAGrammarRunsOnlyTheOtherHooks() throws {
        let lines = [
            #"{"open": {"text": "let a = 1;\n", "languageId": "plaintext"}}"#,
            #"{"edits": [{"offset": 4, "length": 1, "text": "bé"}]}"#,
            #"{"close": {"text": "let bé = 1;\n"}}"#,
        ]
        let log = try EditLog(jsonLines: Data(lines.joined(separator: "\n").utf8))
        final class Counter: TextStorageHook {
            let name = "counter"
            var calls = 0
            func processEditing(in storage: TextStorage, context: EditingContext) { calls += 1 }
        }
        let counter = Counter()
        var replay = HighlightReplay(grammar: nil, styles: try HighlightingFixtures.styles(), verifyEvery: 1)
        replay.makeHooks = { [counter] }
        let report = try replay.run(log)
        #expect(report.mismatches == 0)
        #expect(report.finalTextMatches == true)
        #expect(report.linesRetokenized == [0])
        #expect(counter.calls == 2)
    }

    @Test func malformedLogsAreRejectedWithTheirLine() {
        #expect(throws: EditLogError.self) { try EditLog(jsonLines: Data(#"{"edits": []}"#.utf8)) }
        let bad = Data("{\"open\": {\"text\": \"\"}}\nnot json\n".utf8)
        #expect { try EditLog(jsonLines: bad) } throws: { ($0 as? EditLogError)?.line == 2 }
    }
}
