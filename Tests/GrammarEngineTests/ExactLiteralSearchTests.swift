import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// A pattern that is only a literal is searched without PCRE2; PCRE2 running the same source
/// is the oracle, from every start of random subjects.
@Suite struct ExactLiteralSearchTests {
    @Test(arguments: 0..<4)
    func literalSearchesFindWhatPCRE2Finds(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "b", #"\("#, #"\."#, "é", "\u{1F600}", "ab"]
        let characters = Array("ab(.é\u{1F600} ")
        var found = 0
        for _ in 0..<200 {
            let source = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let translated = try OnigurumaTranslator.translate(source)
            _ = try #require(translated.exactLiteral, "\(source) is a literal")
            let fast = try Pattern(translated: translated, isCacheable: true, shortcuts: [.exactLiteral])
            #expect(fast.searchPlanName == "exact-literal")
            let oracle = try Pattern(translated.source)
            let texts = (0..<10).map { _ in
                String(
                    (0..<Int.random(in: 0..<16, using: &generator)).map { _ in
                        characters.randomElement(using: &generator)!
                    }) + "\n"
            }
            found += expectSameMatches(fast, as: oracle, in: texts, lengths: wholeAndCutShort(by: 2), source)
        }
        #expect(found > 500, "too few matches to compare: \(found)")
    }

    /// `$` alone or in a lookahead is answered with the next line feed or the subject's end;
    /// PCRE2 is the oracle, on subjects with several line feeds, carriage returns and text
    /// outside ASCII, searched whole and cut short.
    @Test(arguments: ["$", "(?=$)", "(?:$)", "(?=(?:$))"])
    func lineEndSearchesFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count))
        let translated = try OnigurumaTranslator.translate(source)
        #expect(translated.matchesOnlyLineEnds)
        let fast = try Pattern(translated: translated, isCacheable: true, shortcuts: [.lineEnd])
        #expect(fast.searchPlanName == "line-end")
        let oracle = try Pattern(translated.source)
        let characters = Array("a \n\r\né$")
        let texts = (0..<200).map { _ in
            String(
                (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                    characters.randomElement(using: &generator)!
                })
        }
        _ = expectSameMatches(fast, as: oracle, in: texts, lengths: wholeAndCutShort(by: 2), source)
    }

    @Test(arguments: ["($)", "$x", #"\z"#, "^$", "(?!$)", "$|a"])
    func otherAnchorsAreLeftToPCRE2(_ source: String) throws {
        #expect(try OnigurumaTranslator.translate(source).matchesOnlyLineEnds == false)
    }
}
