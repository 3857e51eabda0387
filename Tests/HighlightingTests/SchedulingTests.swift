import DocumentStorage
import GrammarEngine
import Highlighting
import TestSupport
import Testing
import TextRope

@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct SchedulingTests {
    static let lines = (0..<400).map { "let v\($0) = \"s\($0)\"; // c" }

    static func setUp(_ configuration: SyntaxHighlighter.Configuration) throws -> (
        TextStorage, SyntaxHighlighter, Grammar, StyleTable
    ) {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let storage = TextStorage(lines.joined(separator: "\n"))
        let highlighter = SyntaxHighlighter(grammar: grammar, styles: styles, configuration: configuration)
        highlighter.attach(to: storage)
        return (storage, highlighter, grammar, styles)
    }

    @Test func visibleRangeIsHighlightedFirst() throws {
        let configuration = SyntaxHighlighter.Configuration(
            window: 10, sliceLineBudget: 20, sliceTimeBudget: nil)
        let (storage, highlighter, grammar, styles) = try Self.setUp(configuration)
        highlighter.setVisibleRanges([300..<320])
        #expect(highlighter.highlightNextSlice())
        let changes = try #require(storage.takeAttributeChanges())
        let visibleStart = try storage.text.lineStart(300)
        let visibleEnd = try storage.text.lineStart(320)
        #expect(
            changes.changes.allSatisfy {
                $0.range.lowerBound >= visibleStart && $0.range.upperBound <= visibleEnd
            })
        #expect((300..<320).allSatisfy { highlighter.isLineValid($0) })
        #expect(!highlighter.isLineValid(0))
        #expect(highlighter.firstInvalidLine == 0)
        // The guessed start state was right here (no construct spans lines), as from scratch.
        let expected = ReferenceHighlight.runs(of: storage.string, grammar: grammar, styles: styles)
        #expect(
            storage.syntaxRuns(in: visibleStart..<visibleEnd)
                == HighlightingFixtures.clip(expected, to: (visibleStart..<visibleEnd).bytes))
    }

    @Test func aVisibleRangePastTheEndOfAShrunkDocumentIsIgnored() throws {
        // The view showed lines 300..<320; then the document lost all but its first lines
        // (found by the FuzzServer target: the clipped range was reversed and trapped).
        let configuration = SyntaxHighlighter.Configuration(
            window: 10, sliceLineBudget: 20, sliceTimeBudget: nil)
        let (storage, highlighter, grammar, styles) = try Self.setUp(configuration)
        highlighter.setVisibleRanges([300..<320])
        try storage.replaceCharacters(in: 1..<storage.text.utf8End, with: "\n")
        while highlighter.highlightNextSlice() {}
        #expect(
            storage.syntaxRuns(in: storage.text.utf8Range)
                == ReferenceHighlight.runs(of: storage.string, grammar: grammar, styles: styles))
    }

    @Test func slicesConvergeToTheFromScratchHighlight() throws {
        let configuration = SyntaxHighlighter.Configuration(
            window: 10, sliceLineBudget: 25, sliceTimeBudget: nil)
        let (storage, highlighter, grammar, styles) = try Self.setUp(configuration)
        var slices = 0
        while highlighter.highlightNextSlice() { slices += 1 }
        #expect(slices == 15)  // 400 lines, 25 a slice: 16 slices, the last reports no work left
        #expect(highlighter.isSettled)
        IncrementalHighlightTests.expectMatchesFromScratch(
            storage, grammar: grammar, styles: styles, "slices")
    }

    /// Slices of 100 lines, no time budget, asking whether to stop once per `interval`.
    static func interruptible(asking interval: Duration) -> SyntaxHighlighter.Configuration {
        var configuration = SyntaxHighlighter.Configuration(
            window: 10, sliceLineBudget: 100, sliceTimeBudget: nil)
        configuration.interruptCheckInterval = interval
        return configuration
    }

    @Test func anInterruptedSliceEndsAfterTheLineItWasAskedAfter() throws {
        let (storage, highlighter, grammar, styles) = try Self.setUp(Self.interruptible(asking: .zero))
        // Asked after each line (no interval): the third answer stops the slice after the third.
        var asked = 0
        #expect(
            highlighter.highlightNextSlice(stoppingWhen: {
                asked += 1
                return asked == 3
            }))
        #expect(asked == 3)
        #expect(highlighter.firstInvalidLine == 3)
        // Stopped at once, a slice still does one line.
        #expect(highlighter.highlightNextSlice(stoppingWhen: { true }))
        #expect(highlighter.firstInvalidLine == 4)
        // A slice never interrupted does its whole line budget, asking after every line.
        asked = 0
        #expect(
            highlighter.highlightNextSlice(stoppingWhen: {
                asked += 1
                return false
            }))
        #expect(highlighter.firstInvalidLine == 104)
        #expect(asked >= 100)
        // Interrupted slices still converge to the from-scratch highlight.
        while highlighter.highlightNextSlice(stoppingWhen: { true }) {}
        #expect(highlighter.isSettled)
        IncrementalHighlightTests.expectMatchesFromScratch(
            storage, grammar: grammar, styles: styles, "interrupted slices")
    }

    @Test func aSliceAsksWhetherToStopAtMostOncePerInterval() throws {
        let (storage, highlighter, _, _) = try Self.setUp(Self.interruptible(asking: .seconds(60)))
        var asked = 0
        // The highlighter holds its storage weakly: the test keeps it.
        withExtendedLifetime(storage) {
            highlighter.highlightNextSlice(stoppingWhen: {
                asked += 1
                return true
            })
        }
        #expect(asked == 0)
        #expect(highlighter.firstInvalidLine == 100)
    }

    @Test func editMidwayLeavesNoStaleRun() throws {
        let configuration = SyntaxHighlighter.Configuration(
            window: 6, sliceLineBudget: 30, sliceTimeBudget: nil)
        let (storage, highlighter, grammar, styles) = try Self.setUp(configuration)
        highlighter.highlightAll()
        _ = storage.takeAttributeChanges()
        highlighter.setVisibleRanges([200..<215])
        // Open a block comment at line 20: everything below changes, but only the window and the
        // visible range are redone within the transaction (the visible range speculatively).
        let line20 = try storage.text.lineStart(20)
        try storage.replaceCharacters(in: line20..<line20, with: "/* ")
        let frontier = try #require(highlighter.firstInvalidLine)
        #expect(frontier > 20 && frontier < 200)
        #expect((200..<215).allSatisfy { highlighter.isLineValid($0) })
        IncrementalHighlightTests.expectSettledPrefixIsRight(
            storage, highlighter, grammar: grammar, styles: styles, "after opening")
        // Two slices, then close the comment further down while the wave is still travelling.
        highlighter.highlightNextSlice()
        highlighter.highlightNextSlice()
        _ = storage.takeAttributeChanges()
        let line90 = try storage.text.lineStart(90)
        try storage.replaceCharacters(in: line90..<line90, with: "*/ ")
        IncrementalHighlightTests.expectSettledPrefixIsRight(
            storage, highlighter, grammar: grammar, styles: styles, "after closing")
        // Then open a string across lines near the top, mid-wave again.
        let line5 = try storage.text.lineStart(5)
        try storage.replaceCharacters(in: line5..<line5, with: "`")
        while highlighter.highlightNextSlice() {
            IncrementalHighlightTests.expectSettledPrefixIsRight(
                storage, highlighter, grammar: grammar, styles: styles, "during slices")
        }
        #expect(highlighter.isSettled)
        IncrementalHighlightTests.expectMatchesFromScratch(
            storage, grammar: grammar, styles: styles, "settled")
    }

    @Test func everySliceDeltaCoversOnlyLinesItRedid() throws {
        let configuration = SyntaxHighlighter.Configuration(
            window: 4, sliceLineBudget: 10, sliceTimeBudget: nil)
        let (storage, highlighter, _, _) = try Self.setUp(configuration)
        highlighter.highlightAll()
        _ = storage.takeAttributeChanges()
        try storage.replaceCharacters(in: 0..<0, with: "/*")
        let frontier = try #require(highlighter.firstInvalidLine)
        highlighter.highlightNextSlice()
        let changes = try #require(storage.takeAttributeChanges())
        let lower = try storage.text.lineStart(frontier)
        let upper = try storage.text.lineStart(frontier + 10)
        #expect(changes.changes.allSatisfy { $0.range.lowerBound >= lower && $0.range.upperBound <= upper })
    }
}
