import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// A pattern that begins with a lookbehind of one ASCII character, searched with the character
/// consumed and the match start set after it, finds what PCRE2 finds with the lookbehind: PCRE2
/// running the translated source with no shortcut is the oracle, from every start of random
/// subjects, whole and cut short as captures are.
@Suite struct PrecedingClassSearchTests {
    @Test(arguments: [
        #"(?<=\.)\s*+(#?[a-zA-Z_$][\w$]*)"#, #"(?<=\.)"#, #"(?<=[=(,:])\s*(\{)"#,
        #"(?<=[.a-c])(?:a|b)+(?=\.)"#, #"(?<=\.)(?<!\.\.)\w+"#, #"(?<=\.)\s*$"#, #"(?<=[ -.])é+"#,
        #"(?<=\.)(a)?(?<=a)b"#, #"(?<=[\n.])a"#,
    ])
    func searchesAfterTheConsumedCharacterFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count) &* 31)
        let translated = try OnigurumaTranslator.translate(source)
        _ = try #require(translated.precedingClass, "\(source) begins with a one-character lookbehind")
        let rewritten = try Pattern(translated: translated, isCacheable: true, shortcuts: [.precedingClass])
        #expect(rewritten.searchPlanName == "preceding-class")
        let oracle = try Pattern(translated.source)
        let pieces = [
            ".", "..", " ", "\t", "a", "b", "ab", "x", "=", "(", "{", "}", ",", ":", "é", "\u{00A0}", "_q$",
            "#",
        ]
        let texts = (0..<600).map { _ in
            (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined() + "\n"
        }
        let found = expectSameMatches(
            rewritten, as: oracle, in: texts, lengths: wholeAndCutShort(by: 3), source)
        #expect(found > 100, "too few matches to compare: \(found)")
    }

    @Test(arguments: [
        // The lookbehind is not the whole pattern's first step.
        #"(?<=\.)a|b"#, #"(?<=})|x"#, #"a(?<=a)b"#, #"(?:(?<=\.)a)"#,
        // More than one character, or not only ASCII ones.
        #"(?<=ab)c"#, #"(?<=\.|=>)a"#, #"(?<=é)a"#, #"(?<=[^.])a"#, #"(?<=\w)a"#, #"(?<!\.)a"#,
        // `\G` and `\K` depend on where the search starts.
        #"(?<=\.)\Ga"#, #"(?<=\.)a\Kb"#,
    ])
    func otherBeginningsAreLeftToPCRE2(_ source: String) throws {
        #expect(try OnigurumaTranslator.translate(source).precedingClass == nil, "\(source)")
    }

    @Test func theShortcutCanBeSwitchedOff() throws {
        let translated = try OnigurumaTranslator.translate(#"(?<=\.)\w+"#)
        let plain = try Pattern(
            translated: translated, isCacheable: true, shortcuts: .all.subtracting(.precedingClass))
        #expect(plain.searchPlanName == "pcre2")
        #expect(try Pattern(translated: translated, isCacheable: true).searchPlanName == "preceding-class")
    }
}
