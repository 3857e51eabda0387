import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// A search that starts at the run before the first occurrence of a leading run's byte, or
/// that tries an anchored copy of the pattern at each start the runs allow, finds what PCRE2
/// finds from the search start: PCRE2 running the same source without the shortcut is the
/// oracle, from every start of random subjects with runs of the class, characters outside
/// ASCII that are in the class (a no-break space) and that are not, and the byte itself.
@Suite struct LeadingRunSearchTests {
    @Test(arguments: [
        #"(?<=[=(,]|return)\s*(\{)"#, #"(?:(?<=return|[=(,]))\s*(<)(?!<?=)"#, #"(?<!=|:)\s*(\{)"#, #"\s*\("#,
        #"\s+(\{)\s*a?"#, #"(\s*)(\{)"#,
        #"\b[a-z]*\("#, #"(?=\s*\{)\s*\{"#, #"^\s*(\{)"#, #"[ab]{0,2}(?:(\())"#, #"[^{]*\{"#,
        // The run's class holds the byte: a match still cannot start before the run that
        // ends at the byte's first occurrence.
        #"[{ ]*\{x"#, #"[{a]*\{\{"#,
        // JavaScript's regular-expression literal after an operator or a keyword, and its
        // object literal after an operator.
        #"(?<=^|[=(,:\[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase|=>)\s*+(/)(?![/*])(?=(?:[^/\\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*+\])++/[dgimsuyv]*+(?!\w))"#,
        #"(?<=[=(,:\[?!&|]|\breturn|\byield|=>\s\(|=>\()\s*+(\{)"#,
    ])
    func leadingRunSearchesFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count))
        let translated = try OnigurumaTranslator.translate(source)
        _ = try #require(translated.leadingRun, "\(source) begins with a run")
        let skipping = try Pattern(translated: translated, isCacheable: true, shortcuts: [.leadingRunSkip])
        #expect(skipping.searchPlanName == "leading-run-skip")
        let oracle = try Pattern(translated.source)
        let pieces = [
            " ", "  ", "\t", "{", "(", "=", ",", "a", "\u{00A0}", "é", "x", "return", ":", "\n", "<", "/",
            "a/b/",
            "/g", "=>", "//",
        ]
        let texts = (0..<1_500).map { _ in
            (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined() + "\n"
        }
        let found = expectSameMatches(
            skipping, as: oracle, in: texts, lengths: wholeAndCutShort(by: 3), source)
        #expect(found > 100, "too few matches to compare: \(found)")
    }

    @Test(arguments: [
        // Nothing repeated before the byte: PCRE2 finds its first byte itself.
        #"\{"#, #"(?<=x)\{"#,
        // The run is optional as a whole, or lazy-free but followed by another run.
        #"(?:\s*)?\s*\{"#, #"\s*\s*\{"#,
        // `\G` depends on where the search starts; case folding gives the byte two spellings.
        #"\G\s*\{"#, #"(?i)\s*a"#,
        // What follows the run is no single byte.
        #"\s*[{(]"#, #"\s*é"#,
    ])
    func otherBeginningsAreLeftToPCRE2(_ source: String) throws {
        #expect(try OnigurumaTranslator.translate(source).leadingRun == nil)
    }
}
