import CPCRE2
import Dispatch
import GrammarEngine
import Testing

@Suite struct PatternTests {
    private func match(_ source: String, _ subject: String, from start: Int = 0, length: Int? = nil) throws
        -> PatternMatch?
    {
        let pattern = try Pattern(source)
        var subject = subject
        return subject.withUTF8 { pattern.firstMatch(in: $0, length: length, from: start) }
    }

    @Test func findsTheLeftmostMatchFromTheStartOffset() throws {
        let found = try #require(try match("b+", "abbcbb", from: 3))
        #expect(found.start == 4)
        #expect(found.end == 6)
    }

    @Test func noMatchStartsInsideAUTF8Sequence() throws {
        // Searching from inside a character ran PCRE2's JIT out of bounds (found by the
        // FuzzTranslator target); such a start finds nothing, and the next character still does.
        #expect(try match(#"\b|()"#, "é日x", from: 1) == nil)
        #expect(try match(".", "é日x", from: 3) == nil)
        #expect(try match(".", "é日x", from: 2)?.start == 2)
        #expect(try match("x", "é", from: -1) == nil)
    }

    @Test func reportsGroupsWithUnsetOnesAsMinusOne() throws {
        let found = try #require(try match("(a)|(b)", "b"))
        #expect(found.groupCount == 3)
        #expect(found.range(1) == nil)
        #expect(found.range(2) == 0..<1)
        #expect(found.start(1) == -1)
    }

    @Test func anExplicitSubjectLengthMovesTheEndOfSubject() throws {
        // `$` sees the shortened subject's end, which is how captures are retokenized.
        let found = try #require(try match("c$", "abcdef", length: 3))
        #expect(found.start == 2)
        #expect(try match("f", "abcdef", length: 3) == nil)
    }

    @Test func anchorGAssertsAtTheStartOffsetAndAOnlyAtZero() throws {
        #expect(try match("\\Gb", "ab", from: 1)?.start == 1)
        #expect(try match("\\Ab", "ab", from: 1) == nil)
        #expect(try match("\\Aa", "ab", from: 0)?.start == 0)
    }

    @Test func offsetsAreUTF8Bytes() throws {
        let found = try #require(try match("x", "é𝄞x"))
        #expect(found.start == 6)
    }

    @Test func dotMatchesCarriageReturnWithLFNewlines() throws {
        #expect(try match("a.b", "a\rb") != nil)
        #expect(try match("a$", "a\r") == nil)
    }

    @Test func invalidPatternsThrowWithAnOffset() {
        #expect(throws: PatternError.self) { try Pattern("(unclosed") }
        #expect(throws: PatternError.self) { try Pattern("\\C") }
    }

    @Test func catastrophicBacktrackingHitsTheMatchLimitInsteadOfHanging() throws {
        // `(a+)+b` alone fails at once (PCRE2 checks for the required `b` first); a class
        // defeats that optimization and makes the search exponential.
        let pattern = try Pattern("(a+)+[bc]")
        let workspace = MatchWorkspace(matchLimit: 100_000)
        var subject = String(repeating: "a", count: 5_000)
        let start = DispatchTime.now().uptimeNanoseconds
        let found = subject.withUTF8 { pattern.firstMatch(in: $0, from: 0, workspace: workspace) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        #expect(found == nil)
        #expect(workspace.limitHits >= 1)
        #expect(elapsed < 2_000_000_000)
    }
}
