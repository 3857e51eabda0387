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

    @Test(arguments: [
        "[a-z]+", "[a-z][a-z]*?", "[a-z][a-z]{0,3}", "a[a-z]*", "[a-z][a-z]*b", "(?:[a-z][a-z]*)",
        "([a-z])[a-z]*", "([a-z][a-z]*)([a-z])?", "[a-z][a-z]*|x", "(?i)[a-z][a-z]*",
        "[a-z][a-z]*(?=[0-9])", "[a-z][a-z]*(?!x|y)",
    ])
    func otherShapesAreNoRun(_ pattern: String) throws {
        #expect(try OnigurumaTranslator.translate(pattern).classRun == nil)
    }
}
