import Dispatch
import DocumentStorage
import GrammarEngine
import TextRope

/// Replays an edit log through a text storage with a `SyntaxHighlighter`, timing each
/// transaction and checking the incremental result against a from-scratch highlight.
public struct HighlightReplay {
    /// Where the incremental attributes first differed from a from-scratch highlight.
    public struct Mismatch: Sendable, CustomStringConvertible {
        /// The transaction after which the check ran (1-based; 0 is the opening text).
        public var transaction: Int
        /// The first differing UTF-8 offset.
        public var offset: UTF8Offset
        /// Its zero-based line.
        public var line: LineIndex
        /// That line's text (without terminator).
        public var lineText: String
        /// The incremental runs on that line.
        public var incremental: [AttributeRun<StyleID>]
        /// The from-scratch runs on that line.
        public var fromScratch: [AttributeRun<StyleID>]

        public var description: String {
            func list(_ runs: [AttributeRun<StyleID>]) -> String {
                runs.map { "\($0.length)×\($0.value)" }.joined(separator: " ")
            }
            return "after transaction \(transaction): line \(line.rawValue + 1) differs at byte \(offset)\n"
                + "  text:         \(lineText)\n  incremental:  \(list(incremental))\n"
                + "  from scratch: \(list(fromScratch))"
        }
    }

    /// What a replay measured.
    public struct Report: Sendable {
        /// Transactions applied.
        public var transactions = 0
        /// Per transaction: edit applied, window and visible lines highlighted, delta built (ns).
        public var latencies: [UInt64] = []
        /// Per transaction: the above plus background slices until no line is invalid (ns).
        public var convergence: [UInt64] = []
        /// Lines tokenized per transaction, slices included.
        public var linesRetokenized: [Int] = []
        /// Of those lines, the ones answered from the memo of recent lines (all transactions).
        public var linesFromRecentLines = 0
        /// Checkpoints where the incremental attributes differed from a from-scratch highlight.
        public var mismatches = 0
        /// Checkpoints where the bracket layer differed from `ReferenceBrackets` (when the
        /// configuration has brackets).
        public var bracketMismatches = 0
        /// Checkpoints run.
        public var checkpoints = 0
        /// The first mismatch, if any.
        public var firstMismatch: Mismatch?
        /// Whether the final text equals the log's expected final text (nil when it gives none).
        public var finalTextMatches: Bool?
        /// The first line where the final text differs from the expected one: its 0-based
        /// number, the replayed line and the expected line.
        public var finalTextDifference: (line: Int, actual: String, expected: String)?
        /// The estimated highlighter state per line at the end.
        public var stateBytesPerLine = 0.0
        /// Lines at the end.
        public var finalLineCount = 0

        /// The mean of `linesRetokenized`.
        public var meanLinesRetokenized: Double {
            linesRetokenized.isEmpty
                ? 0 : Double(linesRetokenized.reduce(0, +)) / Double(linesRetokenized.count)
        }
    }

    /// The grammar to highlight with; nil replays a document without a syntax layer (LSP's
    /// `plaintext`), where only the other hooks run.
    public var grammar: Grammar?
    /// Makes the hooks that run after the highlighter (link detection, say), one set per run.
    public var makeHooks: () -> [any TextStorageHook] = { [] }
    /// The style table.
    public var styles: StyleTable
    /// The highlighter's budgets.
    public var configuration: SyntaxHighlighter.Configuration
    /// Check against a from-scratch highlight every this many transactions (0: only at the
    /// end; the end is always checked).
    public var verifyEvery: Int

    /// Creates a replay.
    public init(
        grammar: Grammar?, styles: StyleTable, configuration: SyntaxHighlighter.Configuration = .init(),
        verifyEvery: Int = 0
    ) {
        self.grammar = grammar
        self.styles = styles
        self.configuration = configuration
        self.verifyEvery = verifyEvery
    }

    /// Replays `log`; throws if an edit is invalid for the text it applies to.
    public func run(_ log: EditLog) throws(StorageError) -> Report {
        let storage = TextStorage(log.startContent)
        let highlighter = grammar.map {
            SyntaxHighlighter(grammar: $0, styles: styles, configuration: configuration)
        }
        highlighter?.attach(to: storage)
        highlighter?.highlightAll()
        let hooks = makeHooks()
        for hook in hooks { storage.addHook(hook) }
        // The other hooks see the opening text as one transaction, as a daemon's open does.
        if !hooks.isEmpty { storage.reprocess(storage.text.utf8Range) }
        _ = storage.takeAttributeChanges()
        var report = Report()
        let hitsBefore = highlighter?.recentLines.hits ?? 0
        check(storage, after: 0, into: &report)
        for (index, transaction) in log.transactions.enumerated() {
            let linesBefore = highlighter?.linesTokenized ?? 0
            let start = DispatchTime.now().uptimeNanoseconds
            try storage.applyEdits(transaction.edits, unit: transaction.unit)
            let applied = DispatchTime.now().uptimeNanoseconds
            while highlighter?.highlightNextSlice() == true {
                _ = storage.takeAttributeChanges()
            }
            _ = storage.takeAttributeChanges()
            let converged = DispatchTime.now().uptimeNanoseconds
            report.latencies.append(applied - start)
            report.convergence.append(converged - start)
            report.linesRetokenized.append((highlighter?.linesTokenized ?? 0) - linesBefore)
            report.transactions += 1
            let isLast = index == log.transactions.count - 1
            if isLast || (verifyEvery > 0 && (index + 1) % verifyEvery == 0) {
                check(storage, after: index + 1, into: &report)
            }
        }
        if let expected = log.endContent {
            let actual = storage.string
            report.finalTextMatches = actual == expected
            if actual != expected { report.finalTextDifference = Self.firstDifferingLine(actual, expected) }
        }
        report.linesFromRecentLines = (highlighter?.recentLines.hits ?? 0) - hitsBefore
        report.stateBytesPerLine = highlighter?.stateBytesPerLine ?? 0
        report.finalLineCount = storage.text.lineCount
        return report
    }

    /// Compares the storage's syntax layer with a from-scratch highlight of its text.
    func check(_ storage: TextStorage, after transaction: Int, into report: inout Report) {
        report.checkpoints += 1
        let text = storage.string
        let expected =
            grammar.map {
                ReferenceHighlight.runs(
                    of: text, grammar: $0, styles: styles, classification: configuration.classification)
            }
            ?? ReferenceHighlight.normalized([AttributeRun(length: storage.text.utf8Count, value: .plain)])
        let actual = ReferenceHighlight.normalized(storage.syntaxRuns(in: storage.text.utf8Range))
        if let grammar, let brackets = configuration.brackets {
            let reference = ReferenceBrackets.brackets(
                of: text, grammar: grammar, pairs: brackets.pairs,
                classification: configuration.classification)
            if ReferenceBrackets.layer(of: storage, cutBy: reference) != reference {
                report.bracketMismatches += 1
            }
        }
        guard let difference = ReferenceHighlight.firstDifference(actual, expected) else { return }
        let offset = UTF8Offset(difference)
        report.mismatches += 1
        guard report.firstMismatch == nil else { return }
        let line = storage.text.lineIndex(containingUTF8: offset)
        let bounds = try? storage.text.lineBounds(line)
        let range = bounds.map { $0.start..<$0.end } ?? offset..<offset
        report.firstMismatch = Mismatch(
            transaction: transaction, offset: offset, line: line,
            lineText: bounds.map { storage.text.substring($0.start..<$0.contentEnd) } ?? "",
            incremental: storage.syntaxRuns(in: range), fromScratch: Self.clip(expected, to: range.bytes))
    }

    /// The first line (0-based) where two texts differ, with both versions of it.
    static func firstDifferingLine(_ actual: String, _ expected: String) -> (
        line: Int, actual: String, expected: String
    ) {
        let left = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let right = expected.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < left.count && index < right.count && left[index] == right[index] { index += 1 }
        let line = { (lines: [Substring]) in index < lines.count ? String(lines[index]) : "<end of text>" }
        return (index, line(left), line(right))
    }

    /// The part of `runs` (starting at offset 0) inside `range`.
    static func clip(_ runs: [AttributeRun<StyleID>], to range: Range<Int>) -> [AttributeRun<StyleID>] {
        var result: [AttributeRun<StyleID>] = []
        var position = 0
        for run in runs {
            let lower = max(position, range.lowerBound)
            let upper = min(position + run.length, range.upperBound)
            if lower < upper { result.append(AttributeRun(length: upper - lower, value: run.value)) }
            position += run.length
            if position >= range.upperBound { break }
        }
        return result
    }
}
