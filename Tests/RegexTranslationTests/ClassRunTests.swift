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
        #expect(plain.guards.isEmpty && plain.optionalPrefix == nil)
    }

    @Test(arguments: [
        "[a-z]+", "[a-z][a-z]*?", "[a-z][a-z]{0,3}", "a[a-z]*", "[a-z][a-z]*b", "(?:[a-z][a-z]*)",
        "([a-z])[a-z]*", "([a-z][a-z]*)([a-z])?", "[a-z][a-z]*|x", "(?i)[a-z][a-z]*",
        "[a-z][a-z]*(?=[0-9])", "[a-z][a-z]*(?!x|y)",
        // Guards: a positive lookbehind, three characters, an alternation, a lookbehind after
        // the run's start, four of them; a lazy or repeated optional character.
        "(?<=a)[a-z][a-z]*", "(?<!abc)[a-z][a-z]*", "(?<!a|b)[a-z][a-z]*", "[a-z](?<!a)[a-z]*",
        "(?<!a)(?<!b)(?<!c)(?<!d)[a-z][a-z]*", "#??[a-z][a-z]*", "#*[a-z][a-z]*", "(#?)[a-z][a-z]*",
    ])
    func otherShapesAreNoRun(_ pattern: String) throws {
        #expect(try OnigurumaTranslator.translate(pattern).classRun == nil)
    }
}
