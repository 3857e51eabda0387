import RegexTranslation
import Testing

/// A translation offers a run-start check for patterns that begin with a run, after optional
/// items, assertions, lookaheads or alternations that do too, and places it after the leading
/// lookbehinds; it offers none where a copy of the items would change their meaning or where
/// nothing begins with a run.
@Suite struct RunStartCheckTests {
    @Test(arguments: [
        // A run first, in a group, after one character, possessive, lazy or with a minimum.
        #"\s*\("#, #"(\s*)\{"#, #"[a-z][a-z0-9]*\("#, #"\s*+x"#, #"\s*?x"#, #"\s{2,}x"#, #".*x"#,
        // JavaScript's method definition: guards, optional keywords and a star, then spaces.
        #"(?<![_$[:alnum:]])(?:(async|get|set|static)\s+)?(\*)?\s*(?!(?:function|if)\b)([_$[:alpha:]][_$[:alnum:]]*)\s*\("#,
        // YAML's number: a possessive sign, then branches of which one begins with a run.
        #"[\-\+]?+(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?=[ \t]*(?:#|$))"#,
        // Only a lookahead whose branches begin with runs.
        #"(?=[ \t]++#|[ \t]*$)"#,
    ])
    func aPatternThatBeginsWithARunGetsACheck(_ pattern: String) throws {
        let translated = try OnigurumaTranslator.translate(pattern)
        let check = try #require(translated.runStartCheck, "\(pattern)")
        #expect(check.source.hasPrefix(#"(?!(?!\G)"#), "\(check.source)")
        let applied = check.applied(to: translated.source)
        #expect(applied.contains(check.source) && applied.hasSuffix(")"))
    }

    @Test func theCheckGoesAfterTheLeadingLookbehindsAndBeforeALookahead() throws {
        let guarded = try OnigurumaTranslator.translate(#"(?<!\.)(?<=[=(])\s*(\{)"#)
        let check = try #require(guarded.runStartCheck)
        #expect(guarded.source.utf8.prefix(check.offset).elementsEqual(#"(?<!\.)(?<=[\=\(])"#.utf8))
        // The guards hold one character back too, inside the check.
        #expect(check.source.contains(#"(?<=(?<!\.)(?<=[\=\(])"#), "\(check.source)")
        let lookahead = try OnigurumaTranslator.translate(#"(?=\s*x)"#)
        #expect(try #require(lookahead.runStartCheck).offset == 0)
    }

    @Test func aTopLevelAlternationStaysOneWithTheCheckInFront() throws {
        let translated = try OnigurumaTranslator.translate(#"\s*a|\s*b"#)
        let check = try #require(translated.runStartCheck)
        #expect(check.applied(to: translated.source) == check.source + "(?:" + translated.source + ")")
    }

    @Test(arguments: [
        // Nothing begins with a run: a literal, a bounded repetition, an atomic group.
        #"abc\s*"#, #"\s{0,3}x"#, #"[a-z]{2}\s*"#, #"(?>\s*)x"#, #"(?:x)?y"#, #"(?=x)"#, #"(?:a|b)\s*"#,
        // The two starts would see different groups, or the check would change meaning.
        #"(\s*)x\1"#, #"\G\s*x"#, #"\s*\Kx"#, #"(?i)\s*x"#, #"(?i:\s*)x"#, #"(a)?(?(1)\s*|\s+)x"#,
        #"(\s*)\g<1>"#,
    ])
    func otherPatternsGetNoCheck(_ pattern: String) throws {
        #expect(try OnigurumaTranslator.translate(pattern).runStartCheck == nil, "\(pattern)")
    }
}
