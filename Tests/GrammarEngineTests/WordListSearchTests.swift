import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// A list of ASCII words behind lookbehinds of one or two characters, found by comparing bytes,
/// gives PCRE2's own matches: PCRE2 running the translated source is the oracle, from every
/// start of random subjects made of the words, pieces of them, dots, word characters and
/// characters outside ASCII, whole and cut short as captures are.
@Suite struct WordListSearchTests {
    static let identifier = #"[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]"#

    @Test(arguments: [
        // JavaScript's keywords: not inside a name, not a property after a lone dot.
        #"(?<!\#(identifier))(?<![^.]\.)(?:if|else|switch|case|default)(?!\#(identifier))"#,
        #"(?<!\#(identifier))(?<![^.]\.)(Object|Array|Map|MapX)(?!\#(identifier))"#,
        // A word that begins another, earlier and later in the order; no exclusion; one word.
        #"(?<![\w$])(?:in|instanceof|of|typeof)(?![\w$])"#, #"(?<!\.)(?:ab|a|abc)"#,
        #"(?:a|ab)(?![b])"#, #"(?<![a-z][0-9])(?:x9)"#, #"(?<!é)(?:ab|b)(?!é)"#,
    ])
    func wordListsFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count) &* 17)
        let translated = try OnigurumaTranslator.translate(source)
        _ = try #require(translated.wordList, "\(source) is a word list")
        let fast = try Pattern(translated: translated, isCacheable: true, shortcuts: [.wordList])
        #expect(fast.searchPlanName == "word-list")
        let oracle = try Pattern(translated.source)
        let pieces = [
            "if", "else", "switch", "case", "default", "Object", "Array", "Map", "MapX", "in", "instanceof",
            "of", "typeof", "ab", "a", "abc", "b", "x9", "9", "z", ".", "..", " ", "$", "_", "é", "中", "(",
            "#",
            "e", "i",
        ]
        let texts = (0..<1_500).map { _ in
            (0..<Int.random(in: 0..<10, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined() + "\n"
        }
        let found = expectSameMatches(fast, as: oracle, in: texts, lengths: wholeAndCutShort(by: 3), source)
        #expect(found > 100, "too few matches to compare: \(found)")
    }

    @Test func theShortcutCanBeSwitchedOff() throws {
        let translated = try OnigurumaTranslator.translate(#"(?<![\w$])(?:if|else)(?![\w$])"#)
        let plain = try Pattern(translated: translated, isCacheable: true, shortcuts: [])
        #expect(plain.searchPlanName == "pcre2")
        let fast = try Pattern(translated: translated, isCacheable: true, shortcuts: [.wordList])
        #expect(fast.searchPlanName == "word-list")
    }
}
