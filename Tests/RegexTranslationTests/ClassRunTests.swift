import RegexTranslation
import Testing

/// A translation says a pattern is a class run only for one class followed by a greedy
/// repetition of another, perhaps as the whole of capture group 1.
@Suite struct ClassRunTests {
    @Test(arguments: [
        (#"[_$[:alpha:]][_$[:alnum:]]*"#, false), (#"([_$[:alpha:]][_$[:alnum:]]*)"#, true),
        (#"[A-Z][A-Z0-9_]*+"#, false), (#"\w\d*"#, false),
        (#"([[:upper:]][_$[:upper:]]*)(?![_$[:alpha:]])"#, true),
    ])
    func oneClassThenARepeatedClassIsARun(_ pattern: String, _ isCaptured: Bool) throws {
        let run = try #require(try OnigurumaTranslator.translate(pattern).classRun)
        #expect(run.isCaptured == isCaptured)
        #expect((run.notFollowedBy != nil) == pattern.hasSuffix("])"))
    }

    @Test func lookbehindsOfOneOrTwoCharactersGuardARun() throws {
        let run = try #require(
            try OnigurumaTranslator.translate(#"(?<![\w$])(?<![^.]\.)(#?[a-z][a-z0-9]*)(?![\w$])"#).classRun)
        #expect(run.guards.map(\.count) == [1, 2])
        #expect(run.optionalPrefix != nil)
        #expect(run.isCaptured)
        #expect(run.notFollowedBy != nil)
        let plain = try #require(try OnigurumaTranslator.translate("[a-z][a-z]*").classRun)
        #expect(plain.guards.isEmpty && plain.optionalPrefix == nil && plain.followedBy == nil)
    }

    @Test func aLookaheadOfSimpleStepsMayFollowARun() throws {
        let run = try #require(
            try OnigurumaTranslator.translate(#"([a-z][a-z0-9]*)(?=\s*(?:\?\.\s*)?\()"#).classRun)
        let steps = try #require(run.followedBy)
        #expect(steps.count == 3)
        guard case .any = steps[0], case .optionalGroup(let inner) = steps[1], case .one = steps[2] else {
            Issue.record("steps: \(steps)")
            return
        }
        #expect(inner.count == 3)
    }

    @Test(arguments: [
        "[a-z]+", "[a-z][a-z]*?", "[a-z][a-z]{0,3}", "a[a-z]*", "[a-z][a-z]*b", "(?:[a-z][a-z]*)",
        "([a-z])[a-z]*", "([a-z][a-z]*)([a-z])?", "[a-z][a-z]*|x", "(?i)[a-z][a-z]*",
        "[a-z][a-z]*(?!x|y)",
        // Guards: a positive lookbehind, three characters, an alternation, a lookbehind after
        // the run's start, four of them; a lazy or repeated optional character.
        "(?<=a)[a-z][a-z]*", "(?<!abc)[a-z][a-z]*", "(?<!a|b)[a-z][a-z]*", "[a-z](?<!a)[a-z]*",
        "(?<!a)(?<!b)(?<!c)(?<!d)[a-z][a-z]*", "#??[a-z][a-z]*", "#*[a-z][a-z]*", "(#?)[a-z][a-z]*",
        // Lookaheads the engine does not test: alternations, lazy or counted repetitions, a
        // group in a group, a group that is not optional, an exclusion and a lookahead both.
        "[a-z][a-z]*(?=a|b)", "[a-z][a-z]*(?=\\s*?\\.)", "[a-z][a-z]*(?=\\s{2})",
        "[a-z][a-z]*(?=(?:a(?:b)?)?c)",
        "[a-z][a-z]*(?=(?:ab)+)", "[a-z][a-z]*(?![0-9])(?=\\.)", "[a-z][a-z]*(?=(a))",
    ])
    func otherShapesAreNoRun(_ pattern: String) throws {
        #expect(try OnigurumaTranslator.translate(pattern).classRun == nil)
    }
}
