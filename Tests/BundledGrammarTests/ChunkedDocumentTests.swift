import EditTrace
import Foundation
import GrammarEngine
import TestSupport
import Testing

/// A document tokenized in chunks on several threads gets exactly the tokens of one thread
/// going from the top, whether the chunks' guessed start states were right or not.
@Suite struct ChunkedDocumentTests {
    /// The tokens of `text` in chunks of at least `minimumChunkBytes` (and 16 lines) on up to
    /// `jobs` threads, with how the cuts went.
    static func chunked(_ text: String, grammar: Grammar, jobs: Int, minimumChunkBytes: Int)
        -> DocumentTokenization
    {
        var text = text
        return text.withUTF8 {
            grammar.tokenizeDocumentInChunks(
                utf8: $0, jobs: jobs, minimumChunkBytes: minimumChunkBytes, minimumChunkLines: 16)
        }
    }

    /// Checks every job count in `jobs` against one thread; returns the reports.
    @discardableResult
    static func expectSameAsOneThread(
        _ text: String, grammar: Grammar, jobs: [Int], minimumChunkBytes: Int = 1_024, label: String
    ) -> [DocumentTokenization] {
        let sequential = grammar.tokenizeDocument(text, jobs: 1)
        return jobs.map { count in
            let report = chunked(text, grammar: grammar, jobs: count, minimumChunkBytes: minimumChunkBytes)
            #expect(report.chunkCount == count, "\(label): \(count) jobs made \(report.chunkCount) chunks")
            #expect(report.seams.count == report.chunkCount - 1)
            if report.tokens != sequential {
                let first =
                    zip(report.tokens, sequential).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(report.tokens.count, sequential.count)
                Issue.record(
                    "\(label), \(count) jobs: tokens differ from one thread's at token \(first) (seams \(report.seams))"
                )
            }
            return report
        }
    }

    static func benchmarkGrammar(_ file: String) throws -> Grammar {
        let registry = GrammarRegistry()
        let raw = try registry.load(contentsOf: TestData.url("benchmark/\(file)"))
        return try registry.grammar(scopeName: raw.scopeName)
    }

    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: [
            ("large.js", "JavaScript.tmLanguage.json"), ("large.min.js", "JavaScript.tmLanguage.json"),
            ("minified.js", "JavaScript.tmLanguage.json"), ("bootstrap.css", "css.tmLanguage.json"),
            ("bootstrap.min.css", "css.tmLanguage.json"), ("main.08642f99.css", "css.tmLanguage.json"),
            ("vscode.d.ts", "TypeScript.tmLanguage.json"),
        ])
    func benchmarkDocumentsTokenizeAlikeInChunks(document: String, grammarFile: String) throws {
        let grammar = try Self.benchmarkGrammar(grammarFile)
        let text = try String(contentsOf: TestData.url("benchmark/\(document)"), encoding: .utf8)
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        // Minified files are a few long lines: they are not cut.
        let jobs = lineCount > 100 ? [2, 3, 7] : [1]
        Self.expectSameAsOneThread(
            text, grammar: grammar, jobs: jobs, minimumChunkBytes: 16_384, label: document)
    }

    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: [
            ("rustcode", "rust"), ("seph-blog1", "markdown"), ("sveltecomponent", "svelte"),
            ("json-crdt-patch", "markdown"),
        ])
    func traceFinalTextsTokenizeAlikeInChunks(trace name: String, language: String) throws {
        let trace = try EditingTrace(contentsOf: TestData.url("editing-traces/\(name).json.gz"))
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: language)
        Self.expectSameAsOneThread(trace.endContent, grammar: grammar, jobs: [2, 4, 9], label: name)
    }

    /// Lines that look alike whether they are code, inside a comment or inside a string, so the
    /// cut lines find donors whose state is wrong for them.
    static func codeLines(_ count: Int, indent: String = "\t") -> String {
        (0..<count).map { index in
            switch index % 4 {
            case 0: "\(indent)value\(index) = compute(\(index), \"text\");\n"
            case 1: "\(indent)if (value\(index - 1) > \(index)) {\n"
            case 2: "\(indent)\(indent)call(value\(index - 2));\n"
            default: "\(indent)}\n"
            }
        }.joined()
    }

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func aBlockCommentOpenedAtTheTopAndClosedAtTheEndTokenizesAlike() throws {
        let grammar = try Self.benchmarkGrammar("JavaScript.tmLanguage.json")
        let text = "/*\n" + Self.codeLines(3_000) + "*/\n" + Self.codeLines(40)
        Self.expectSameAsOneThread(text, grammar: grammar, jobs: [2, 5], label: "comment from the top")
    }

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func aCommentOpenedAfterTheDonorsDefeatsTheGuessAndIsRetokenized() throws {
        let grammar = try Self.benchmarkGrammar("JavaScript.tmLanguage.json")
        // Code first (where the donors are), then a comment that runs to the end.
        let text = "function outer() {\n" + Self.codeLines(400) + "/*\n" + Self.codeLines(3_000) + "*/\n}\n"
        let reports = Self.expectSameAsOneThread(text, grammar: grammar, jobs: [2, 4], label: "late comment")
        for report in reports {
            #expect(report.seams.contains { !$0.guessedRight }, "no seam was guessed wrong: \(report.seams)")
        }
    }

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func aTemplateStringAcrossEveryCutTokenizesAlike() throws {
        let grammar = try Self.benchmarkGrammar("JavaScript.tmLanguage.json")
        let text =
            Self.codeLines(400, indent: "") + "const page = `\n" + Self.codeLines(3_000, indent: "")
            + "`;\n" + Self.codeLines(40, indent: "")
        let reports = Self.expectSameAsOneThread(text, grammar: grammar, jobs: [2, 3, 6], label: "template")
        for report in reports {
            #expect(report.seams.contains { !$0.guessedRight }, "no seam was guessed wrong: \(report.seams)")
        }
    }

    @Test func aCutInsideAHeredocIsRetokenizedUntilTheRunsMeet() throws {
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: "shellscript")
        func commands(_ count: Int, from first: Int) -> String {
            (first..<(first + count)).map { "echo \"step \($0)\" >> log\($0 % 7).txt\n" }.joined()
        }
        // The heredoc's lines look like the commands around it; the script goes on after it.
        let text =
            commands(600, from: 0) + "cat <<'SCRIPT' > generated.sh\n" + commands(1_500, from: 600)
            + "SCRIPT\n" + commands(1_500, from: 2_100)
        let reports = Self.expectSameAsOneThread(text, grammar: grammar, jobs: [2], label: "heredoc")
        let seam = try #require(reports.first?.seams.first)
        #expect(
            !seam.guessedRight, "the cut is inside the heredoc, so the guess from a command line is wrong")
        // The runs meet at the heredoc's end, well before the end of the chunk.
        #expect(seam.linesRetokenized > 0 && seam.linesRetokenized < 1_500, "\(seam)")
    }

    @Test(arguments: 0..<6)
    func randomDocumentsTokenizeAlikeInChunks(seed: UInt64) throws {
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: "javascript")
        var generator = SeededGenerator(seed: seed)
        let text = RandomJavaScript.document(atLeast: 40_000, using: &generator)
        Self.expectSameAsOneThread(text, grammar: grammar, jobs: [2, 3, 8], label: "seed \(seed)")
    }
}
