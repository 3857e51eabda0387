import DocumentStorage
import GrammarEngine
import Highlighting
import TestSupport
import Testing
import TextRope

@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct IncrementalHighlightTests {
    /// A storage with an attached, fully highlighted highlighter.
    static func highlighted(
        _ text: String, grammar: Grammar, styles: StyleTable,
        configuration: SyntaxHighlighter.Configuration = .init()
    ) -> (TextStorage, SyntaxHighlighter) {
        let storage = TextStorage(text)
        let highlighter = SyntaxHighlighter(grammar: grammar, styles: styles, configuration: configuration)
        highlighter.attach(to: storage)
        highlighter.highlightAll()
        _ = storage.takeAttributeChanges()
        return (storage, highlighter)
    }

    /// Checks that every line before the first invalid one is styled as from scratch.
    static func expectSettledPrefixIsRight(
        _ storage: TextStorage, _ highlighter: SyntaxHighlighter, grammar: Grammar, styles: StyleTable,
        _ comment: Comment
    ) {
        let end =
            highlighter.firstInvalidLine.map { (try? storage.text.lineStart($0)) ?? 0 }
            ?? storage.text.utf8End
        let expected = ReferenceHighlight.runs(of: storage.string, grammar: grammar, styles: styles)
        let difference = ReferenceHighlight.firstDifference(
            storage.syntaxRuns(in: 0..<end), HighlightingFixtures.clip(expected, to: 0..<end.rawValue))
        #expect(difference == nil, "\(comment): settled text differs at byte \(difference ?? -1)")
    }

    static func expectMatchesFromScratch(
        _ storage: TextStorage, grammar: Grammar, styles: StyleTable, _ comment: Comment
    ) {
        let expected = ReferenceHighlight.runs(of: storage.string, grammar: grammar, styles: styles)
        let actual = ReferenceHighlight.normalized(storage.syntaxRuns(in: storage.text.utf8Range))
        let difference = ReferenceHighlight.firstDifference(actual, expected)
        #expect(difference == nil, "\(comment) first difference at byte \(difference ?? -1)")
    }

    @Test(arguments: HighlightingFixtures.grammarFiles)
    func randomEditsEndEqualToFromScratch(file: String) throws {
        let grammar = try HighlightingFixtures.grammar(file)
        let styles = try HighlightingFixtures.styles()
        var generator = SeededGenerator(fallback: 0xC0DE)
        // A small window and slices so that edits regularly land while work is pending.
        let configuration = SyntaxHighlighter.Configuration(
            window: 4, sliceLineBudget: 3, sliceTimeBudget: nil)
        let (storage, highlighter) = Self.highlighted(
            HighlightingFixtures.sample, grammar: grammar, styles: styles, configuration: configuration)
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "initial")
        for step in 0..<150 {
            let edits = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                HighlightingFixtures.randomEdit(of: storage.string, using: &generator)
            }
            // Later edits were drawn against the earlier text; invalid batches are rejected whole.
            _ = try? storage.applyEdits(edits, unit: .utf8)
            let comment: Comment = "seed \(generator.seed) step \(step) \(file)"
            Self.expectSettledPrefixIsRight(storage, highlighter, grammar: grammar, styles: styles, comment)
            if Bool.random(using: &generator) {
                highlighter.highlightNextSlice()
                _ = storage.takeAttributeChanges()
                Self.expectSettledPrefixIsRight(
                    storage, highlighter, grammar: grammar, styles: styles, comment)
            }
            if step % 10 == 9 {
                highlighter.highlightAll()
                _ = storage.takeAttributeChanges()
                #expect(highlighter.isSettled)
                Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, comment)
            }
        }
        highlighter.highlightAll()
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "final \(file)")
        #expect(highlighter.lineStates.count == storage.text.lineCount)
    }

    @Test func openingABlockCommentRestylesTheLinesBelowAndClosingItRestoresThem() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let text = (0..<30).map { "let v\($0) = \($0);" }.joined(separator: "\n")
        let (storage, highlighter) = Self.highlighted(text, grammar: grammar, styles: styles)
        let before = storage.syntaxRuns(in: storage.text.utf8Range)
        try storage.replaceCharacters(in: 0..<0, with: "/*")
        #expect(highlighter.isSettled)
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "opened")
        try storage.replaceCharacters(in: 0..<2, with: "")
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "closed")
        #expect(storage.syntaxRuns(in: storage.text.utf8Range) == before)
    }

    /// Closing the comment puts every line below back into the state it had before: those
    /// lines come from the highlighter's memo of recent lines, and end styled as from scratch.
    @Test func linesPutBackIntoTheirOldStatesAreAnsweredFromTheRecentLines() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let text = (0..<30).map { "let v\($0) = \($0);" }.joined(separator: "\n")
        let (storage, highlighter) = Self.highlighted(text, grammar: grammar, styles: styles)
        try storage.replaceCharacters(in: 0..<0, with: "/*")
        let hitsWhileOpen = highlighter.recentLines.hits
        let tokenizedWhileOpen = highlighter.linesTokenized
        try storage.replaceCharacters(in: 0..<2, with: "")
        #expect(highlighter.linesTokenized - tokenizedWhileOpen == 30)
        // The first line's text is new; the 29 below are as they were, in their old states.
        #expect(highlighter.recentLines.hits - hitsWhileOpen == 29)
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "closed")
        highlighter.forgetRecentLines()
        #expect(highlighter.recentLines.count == 0)
    }

    /// A line being typed is new text each keystroke: it bypasses the memo. Lines pasted back
    /// (code moved) are found in it.
    @Test func aLineBeingTypedBypassesTheRecentLinesAndPastedLinesAreFoundThere() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let block = (0..<5).map { "total += values[\($0)] * \($0);\n" }.joined()
        let text = "let total = 0;\n" + block + "print(total);\n"
        let (storage, highlighter) = Self.highlighted(text, grammar: grammar, styles: styles)
        let remembered = highlighter.recentLines.count
        let hits = highlighter.recentLines.hits
        // Typed into `print(total)`, not the first line, which has no start state and so is
        // never remembered anyway.
        let typedAt = try storage.text.lineStart(6).rawValue + "print(total".utf8.count
        for (index, character) in " + 1".enumerated() {
            let offset = typedAt + index
            try storage.replaceCharacters(in: offset..<offset, with: String(character))
        }
        #expect(highlighter.recentLines.count == remembered)
        #expect(highlighter.recentLines.hits == hits)
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "typed")

        let blockStart = try storage.text.lineStart(1).rawValue
        try storage.replaceCharacters(in: blockStart..<(blockStart + block.utf8.count), with: "")
        let end = storage.text.utf8End.rawValue
        try storage.replaceCharacters(in: end..<end, with: block)
        // The five moved lines start in the same state as before: found, not tokenized.
        #expect(highlighter.recentLines.hits - hits >= 5)
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "moved")
    }

    @Test func typingInsideALineProducesADeltaOnlyForThatLine() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let text = "let a = 1;\n// comment here\nlet b = 2;\n"
        let (storage, highlighter) = Self.highlighted(text, grammar: grammar, styles: styles)
        let tokenizedBefore = highlighter.linesTokenized
        let transaction = try #require(try storage.replaceCharacters(in: 15..<15, with: "x"))
        // The edited line only: its end state did not change, so retokenizing stopped there.
        #expect(highlighter.linesTokenized - tokenizedBefore == 1)
        for change in transaction.delta.changes {
            #expect(change.range.lowerBound >= 11 && change.range.upperBound <= 28)
        }
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "typed")
    }

    @Test func enterInALongDocumentRetokenizesOnlyTheSplitLine() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let text = String(repeating: "a = b;\n", count: 20_000)
        let (storage, highlighter) = Self.highlighted(text, grammar: grammar, styles: styles)
        let before = highlighter.linesTokenized
        let middle = try storage.text.lineStart(10_000) + 4
        try storage.replaceCharacters(in: middle..<middle, with: "\n")
        #expect(highlighter.linesTokenized - before == 2)
        #expect(highlighter.isSettled)
        #expect(highlighter.lineStates.count == 20_002)
        try storage.replaceCharacters(in: middle..<(middle + 1), with: "")
        #expect(highlighter.linesTokenized - before == 3)
        #expect(highlighter.lineStates.count == 20_001)
    }

    /// Two edits of one transaction far apart (a multi-cursor edit, or queued keystrokes
    /// coalesced) are two change regions: the lines between them are neither retokenized nor
    /// sent again.
    @Test func farApartEditsOfOneTransactionRetokenizeOnlyTheirLines() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let text = String(repeating: "a = b;\n", count: 20_000)
        let (storage, highlighter) = Self.highlighted(text, grammar: grammar, styles: styles)
        let before = highlighter.linesTokenized
        let early = try storage.text.lineStart(100) + 4
        let late = try storage.text.lineStart(19_000) + 4
        let transaction = try #require(
            try storage.applyEdits(
                [
                    TextEdit(location: late.rawValue, length: 1, text: "c\nd"),
                    TextEdit(location: early.rawValue, length: 0, text: "x"),
                ], unit: .utf8))
        #expect(highlighter.linesTokenized - before == 3)
        #expect(highlighter.isSettled)
        #expect(transaction.delta.changes.count == 2)
        #expect(transaction.delta.changes.allSatisfy { $0.range.count < 40 })
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "two regions")
    }

    @Test func lineTerminatorTakesTheStyleOfItsLinesLastToken() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let (storage, _) = Self.highlighted("x // c\r\ny", grammar: grammar, styles: styles)
        let runs = storage.syntaxRuns(in: storage.text.utf8Range)
        let comment = storage.syntaxRuns(in: 5..<6)[0].value
        #expect(storage.syntaxRuns(in: 6..<8) == [AttributeRun(length: 2, value: comment)])
        #expect(runs.reduce(0) { $0 + $1.length } == 9)
    }

    @Test func crlfJoinsAndSplitsStayExact() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let (storage, highlighter) = Self.highlighted("a /* b\rc */ d\r\ne", grammar: grammar, styles: styles)
        try storage.replaceCharacters(in: 7..<7, with: "\n")  // `\r` becomes `\r\n`
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "completed")
        try storage.replaceCharacters(in: 6..<8, with: "")  // joins `b` and `c`
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "joined")
        try storage.replaceCharacters(in: 6..<6, with: "\r")  // splits them again
        Self.expectMatchesFromScratch(storage, grammar: grammar, styles: styles, "split")
        #expect(highlighter.lineStates.count == storage.text.lineCount)

        // Deleting the only character between `\r` and `\n` merges two terminators into one.
        let (merged, mergedHighlighter) = Self.highlighted("/*a\rb\n*/c", grammar: grammar, styles: styles)
        try merged.replaceCharacters(in: 4..<5, with: "")
        Self.expectMatchesFromScratch(merged, grammar: grammar, styles: styles, "merged")
        #expect(mergedHighlighter.lineStates.count == merged.text.lineCount)
    }
}
