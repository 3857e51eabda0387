import Foundation
import JSONRPC
import TestSupport
import Testing

@testable import DaemonCore

/// Markdown folds by sections (a heading to the next one of its level or higher) and by
/// fenced blocks; a `#` line inside a fence is not a heading.
@Suite struct MarkdownFoldingTests {
    @Test func sectionsEndBeforeTheNextHeadingOfTheirLevelAndFencesHideNoHeadings() throws {
        let transcript = Transcript(options: [
            "grammarPaths": [.string(TestData.projectRoot.appendingPathComponent("Grammars/Languages").path)]
        ])
        let text = "# A\n\ntext\n## B\nmore\n```\n# not a heading\n```\n\n# C\nlast\n"
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///n.md", "languageId": "markdown", "version": 1, "text": .string(text),
                ]
            ])
        let answer = try transcript.request(
            "textDocument/foldingRange", ["textDocument": ["uri": "file:///n.md"]]
        ).get()
        let ranges = (answer.arrayValue ?? []).compactMap { range -> [Int]? in
            guard let start = range["startLine"]?.intValue, let end = range["endLine"]?.intValue else {
                return nil
            }
            return [start, end]
        }
        // A: lines 0 to 7 (the fence's end; line 8 is blank); B: 3 to 7; C: 9 to 10.
        #expect(ranges.contains([0, 7]))
        #expect(ranges.contains([3, 7]))
        #expect(ranges.contains([9, 10]))
        // The fence folds to the line before its end, and its `#` line starts nothing.
        #expect(ranges.contains([5, 6]))
        #expect(!ranges.contains { $0[0] == 6 })
    }

    @Test(
        arguments: [
            ("# A", 1), ("###### six", 6), ("   ## indented", 2), ("#", 1), ("####### seven", nil),
            ("#hashtag", nil), ("    # code", nil), ("text # not", nil),
        ] as [(String, Int?)])
    func atxHeadingsAndTheirLevels(line: String, level: Int?) {
        #expect(MarkdownSections.headingLevel(line) == level)
    }
}
