import GrammarEngine
import Testing

/// Markdown's code spans open only at a whole run of backticks (CommonMark: a backtick string
/// is not preceded by a backtick), which also keeps a line of thousands of backticks from
/// being searched once per backtick.
@Suite struct BundledGrammarsMarkdownCodeSpanTests {
    static func rawRanges(_ line: String) throws -> [Range<Int>] {
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: "markdown")
        return grammar.tokenizeDocument(line).filter {
            $0.scopes.contains("markup.inline.raw.string.markdown")
        }.map(\.range)
    }

    @Test func aCodeSpanOpensAtAWholeRunOfBackticks() throws {
        // `` `a` `` is one span of two backticks around `` `a` ``.
        let spans = try Self.rawRanges("x `` `a` `` y\n")
        #expect(spans.first?.lowerBound == 2 && spans.last?.upperBound == 11, "\(spans)")
    }

    @Test func noCodeSpanOpensInsideARunOfBackticks() throws {
        // Two backticks and one: no span of one backtick opens at the run's second.
        #expect(try Self.rawRanges("x ``a` y\n").isEmpty)
        #expect(try Self.rawRanges(String(repeating: "`", count: 500) + "a`\n").isEmpty)
    }
}
