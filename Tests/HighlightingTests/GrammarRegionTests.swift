import DocumentStorage
import GrammarEngine
import Highlighting
import TestSupport
import Testing
import TextRope

/// The multi-line regions read from the line states: what folding offers.
@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct GrammarRegionTests {
    static func regions(of text: String, grammar: Grammar, styles: StyleTable) -> [GrammarRegion] {
        let (storage, highlighter) = IncrementalHighlightTests.highlighted(
            text, grammar: grammar, styles: styles)
        return highlighter.grammarRegions(storage: storage)
    }

    @Test func aBlockClosedAndAnotherBegunOnOneLineAreTwoRegions() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let text = "if (a) {\n  b();\n} else {\n  c();\n}\n/* one\n   two */\nd();\n"
        let regions = Self.regions(of: text, grammar: grammar, styles: styles)
        #expect(
            regions == [
                GrammarRegion(start: 0, end: 2, isComment: false),
                GrammarRegion(start: 2, end: 4, isComment: false),
                GrammarRegion(start: 5, end: 6, isComment: true),
            ])
    }

    @Test func anUnterminatedRegionRunsToTheLastLine() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let styles = try HighlightingFixtures.styles()
        let regions = Self.regions(of: "x();\n/* open\nstill\nmore", grammar: grammar, styles: styles)
        #expect(regions == [GrammarRegion(start: 1, end: 3, isComment: true)])
    }

    /// After random edits (several per transaction), the regions of the incremental line
    /// states equal those of a highlighter that read the final text once.
    @Test(arguments: HighlightingFixtures.grammarFiles)
    func regionsAfterRandomEditsEqualARegionsFromScratch(file: String) throws {
        let grammar = try HighlightingFixtures.grammar(file)
        let styles = try HighlightingFixtures.styles()
        var generator = SeededGenerator(fallback: 0xF01D)
        let configuration = SyntaxHighlighter.Configuration(
            window: 4, sliceLineBudget: 3, sliceTimeBudget: nil)
        let (storage, highlighter) = IncrementalHighlightTests.highlighted(
            HighlightingFixtures.sample, grammar: grammar, styles: styles, configuration: configuration)
        var nonEmpty = 0
        for step in 0..<120 {
            let edits = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                HighlightingFixtures.randomEdit(of: storage.string, using: &generator)
            }
            _ = try? storage.applyEdits(edits, unit: .utf8)
            if Bool.random(using: &generator) { highlighter.highlightNextSlice() }
            guard step % 6 == 5 else { continue }
            let incremental = highlighter.grammarRegions(storage: storage)
            let scratch = Self.regions(of: storage.string, grammar: grammar, styles: styles)
            #expect(incremental == scratch, "seed \(generator.seed) step \(step) \(file)")
            if !scratch.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 0, "some texts had regions")
    }
}
