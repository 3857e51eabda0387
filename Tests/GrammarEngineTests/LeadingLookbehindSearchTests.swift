import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// A pattern that begins with a lookbehind of a short ASCII text (one character of a set, or
/// strings), searched with the text consumed and the match start set after it, finds what
/// PCRE2 finds with the lookbehind: PCRE2 running the translated source with no shortcut is
/// the oracle, from every start of random subjects, whole and cut short as captures are.
@Suite struct LeadingLookbehindSearchTests {
    @Test(arguments: [
        #"(?<=\.)\s*+(#?[a-zA-Z_$][\w$]*)"#, #"(?<=\.)"#, #"(?<=[=(,:])\s*(\{)"#,
        #"(?<=[.a-c])(?:a|b)+(?=\.)"#, #"(?<=\.)(?<!\.\.)\w+"#, #"(?<=\.)\s*$"#, #"(?<=[ -.])é+"#,
        #"(?<=\.)(a)?(?<=a)b"#, #"(?<=[\n.])a"#,
        // Strings: JSDoc's tags (one a prefix of another), strings of several lengths, one string.
        #"(?<=@param|@arg|@argument|@property|@prop|@typedef)\s+(\{[^}\n]*\})?\s*(\[?[\w$.]+)"#,
        #"(?<=\.|=>)\s*(\w)"#, #"(?<=typeof|=)\s*(\w+)"#, #"(?<=ab|c)(d|ab)"#, #"(?<=ab)c?"#,
        #"(?<=abc|a)\w*"#,
    ])
    func searchesAfterTheConsumedTextFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count) &* 31)
        let translated = try OnigurumaTranslator.translate(source)
        _ = try #require(translated.leadingLookbehind, "\(source) begins with a lookbehind of a short text")
        let rewritten = try Pattern(
            translated: translated, isCacheable: true, shortcuts: [.leadingLookbehind])
        #expect(rewritten.searchPlanName == "leading-lookbehind")
        let oracle = try Pattern(translated.source)
        let pieces = [
            ".", "..", " ", "\t", "a", "b", "ab", "x", "=", "(", "{", "}", ",", ":", "é", "\u{00A0}", "_q$",
            "#", "@param", "@arg", "@argument", "@prop", "@property", "@typedef", "@", "typeof", "=>", "c",
            "d",
            "[", "{x}",
        ]
        let texts = (0..<1_500).map { _ in
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
        // Not only ASCII characters or strings, or strings whose places could overlap (a first
        // character inside a string), or a negative lookbehind.
        #"(?<=é)a"#, #"(?<=é|x)a"#, #"(?<=[^.])a"#, #"(?<=\w)a"#, #"(?<=a|\w)b"#, #"(?<!\.)a"#,
        #"(?<=ab|ba)c"#, #"(?<=aa)b"#, #"(?<=return|r)x"#, #"(?<=^|=)x"#, #"(?<=\.\.|=)x"#,
        // `\G` and `\K` depend on where the search starts.
        #"(?<=\.)\Ga"#, #"(?<=\.)a\Kb"#,
    ])
    func otherBeginningsAreLeftToPCRE2(_ source: String) throws {
        #expect(try OnigurumaTranslator.translate(source).leadingLookbehind == nil, "\(source)")
    }

    @Test func theShortcutCanBeSwitchedOff() throws {
        let translated = try OnigurumaTranslator.translate(#"(?<=\.)\w+"#)
        let plain = try Pattern(
            translated: translated, isCacheable: true, shortcuts: .all.subtracting(.leadingLookbehind))
        #expect(plain.searchPlanName == "pcre2")
        #expect(try Pattern(translated: translated, isCacheable: true).searchPlanName == "leading-lookbehind")
    }
}
