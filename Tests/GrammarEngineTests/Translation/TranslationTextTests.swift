import GrammarEngine
import RegexTranslation
import Testing

/// The PCRE2 text of translations whose spelling is canonical (TEXTMATE.md section 3).
@Suite struct TranslationTextTests {
    static let cases: [(onig: String, pcre2: String)] = [
        ("a(?i)b|c", "a(?i:b|c)"),
        ("(a(?i)b|c)d", "(a(?i:b|c))d"),
        ("(?m).", "(?s:.)"),
        ("(?-m:.)", "(?-s:.)"),
        ("(?im-x:a)", "(?is:a)"),
        ("(?x:a b)", "(?:ab)"),
        ("\\h", "[0-9a-fA-F]"),
        ("\\H", "[^0-9a-fA-F]"),
        ("[\\h]", "[0-9a-fA-F]"),
        ("[\\H]", "[\\x{0}-\\x{2F}\\x{3A}-\\x{40}\\x{47}-\\x{60}\\x{67}-\\x{10FFFF}]"),
        ("x{,3}", "x{0,3}"),
        ("a{2,3}+", "(?:a{2,3})+"),
        ("a{2}?", "(?:a{2})?"),
        ("a{2,3}?", "a{2,3}?"),
        ("a**", "(?:a*)*"),
        ("a+*", "(?:a+)*"),
        ("a{2}*", "(?:a{2})*"),
        ("a*+", "a*+"),
        ("a++b?+", "a++b?+"),
        ("\\u00e9", "é"),
        ("\\uD800", "(?!)"),
        ("\\x{41}\\o{102}\\103\\cD\\e", "ABC\\x{4}\\x{1b}"),
        ("\\v", "\\x{b}"),
        ("\\O", "[\\x{0}-\\x{10FFFF}]"),
        ("\\Q.\\E", "Q.E"),
        ("\\R\\X\\N\\K", "\\R\\X\\N\\K"),
        ("(?<n>a)\\k<n>", "(a)\\g{1}"),
        ("(?<n>a)(?<n>b)\\k<n>", "(a)(b)(?:\\g{2}|\\g{1})"),
        ("(a)(b)\\k<-2>\\k<2>", "(a)(b)\\g{1}\\g{2}"),
        ("(?<n>a)\\g<n>", "(a)(?1)"),
        ("(a)\\g<-1>(b)\\g<+1>(c)", "(a)(?1)(b)(?3)(c)"),
        ("(?~ab)", "(?:(?!ab)(?s:.))*"),
        ("(?<=a(?:b|cd))x", "(?<=a(?:b)|a(?:cd))x"),
        ("(?<=ab?)c", "(?<=a|ab)c"),
        ("[a-z[0-9]]", "[a-z0-9]"),
        ("[^a[^b]]", "(?:(?![a])[b])"),
        ("[a[^b]]", "(?:[a]|[^b])"),
        ("[a-z&&[^aeiou]]", "(?:(?=[^aeiou])[a-z])"),
        ("[^a-z&&b]", "(?:(?!(?=[b])[a-z])(?s:.))"),
        ("[]a]", "[\\]a]"),
        ("(?i)[[:upper:]]", "(?i:[\\p{Lu}\\p{Ll}\\p{Lt}])"),
        ("[[:alpha:][:digit:]]", "[\\p{Alphabetic}\\p{Nd}]"),
        ("\\p{Letter}\\p{^Lu}\\P{Greek}", "[\\p{L}][^\\p{Lu}][^\\p{Greek}]"),
        ("\\p{Print}", "[^\\p{Zl}\\p{Zp}\\p{Cc}\\p{Cs}\\p{Cn}]"),
        ("\\p{In_Basic_Latin}", "[\\x{0}-\\x{7f}]"),
        ("(?x) a b # comment\n c", "abc"),
        ("(?x)a\\ b[ ]", "a\\x{20}b[\\x{20}]"),
        ("a(?#note)b", "ab"),
        ("(*FAIL)|(?>a)", "(*FAIL)|(?>a)"),
        ("(a)?(?(1)b|c)", "(a)?(?(1)b|c)"),
        ("\\A\\G\\Z^$", "\\A\\G\\Z^$"),
        ("\\z", "$(?!\\n)(?<!\\n)"),
        ("\\b\\B", "\\b\\B"),
        ("\\1(a)", "\\g{1}(a)"),
        ("\\xe3\\x81\\x82", "あ"),
        ("(?i)ß", "(?i:(?:ß|ss))"),
        ("a b\t", "a\\x{20}b\\x{9}"),
    ]

    @Test(arguments: cases)
    func translationHasCanonicalText(_ onig: String, _ pcre2: String) throws {
        #expect(try OnigurumaTranslator.translate(onig).source == pcre2)
    }

    @Test func disabledAnchorsNeverMatch() throws {
        let options = TranslationOptions(allowAnchorA: false, allowAnchorG: false)
        #expect(try OnigurumaTranslator.translate("\\Aa|\\Gb", options: options).source == "(?!)a|(?!)b")
        let onlyG = TranslationOptions(allowAnchorA: true, allowAnchorG: false)
        #expect(try OnigurumaTranslator.translate("\\A\\G", options: onlyG).source == "\\A(?!)")
    }

    @Test func disabledAnchorVariantsMatchOnlyTheOtherBranches() throws {
        let noG = try PCRE2Probe(onig: "\\Ga|b", options: TranslationOptions(allowAnchorG: false))
        #expect(noG.matchedText(in: "ab") == "b")
        let withG = try PCRE2Probe(onig: "\\Ga|b")
        #expect(withG.matchedText(in: "ab") == "a")
        #expect(withG.matchedText(in: "xab", from: 1) == "a")
        let noA = try PCRE2Probe(onig: "\\Aa|b", options: TranslationOptions(allowAnchorA: false))
        #expect(noA.matchedText(in: "ab") == "b")
    }

    @Test func rewrittenEndAnchorNeverMatchesBeforeALinesNewline() throws {
        let probe = try PCRE2Probe(onig: "a\\z")
        #expect(probe.matchedText(in: "a\n") == nil)
        #expect(probe.matchedText(in: "xa") == "a")
    }

    /// TEXTMATE.md 4.4: an option or x-mode comment in one branch of a combined alternation must
    /// not reach the next branch.
    @Test func translationsStayScopedInsideACombinedAlternation() throws {
        let first = try OnigurumaTranslator.translate("x(?i)a").source
        let second = try OnigurumaTranslator.translate("(?x) b # comment").source
        let third = try OnigurumaTranslator.translate("(?<n>c)\\k<n>").source
        let combined = "(?|(?:\(first))(*:0)|(?:\(second))(*:1)|(?:\(third))(*:2))"
        let probe = try PCRE2Probe(pcre2: combined)
        #expect(probe.matchedText(in: "xA") == "xA")
        #expect(probe.matchedText(in: "B") == nil)
        #expect(probe.firstMatch(in: "cc") == ["cc", "c"])
    }

    @Test func endAnchorRewriteCanBeTurnedOff() throws {
        let options = TranslationOptions(rewriteEndAnchor: false)
        #expect(try OnigurumaTranslator.translate("a\\z", options: options).source == "a\\z")
    }

    @Test func exactWordBoundariesUseOnigurumasWordSet() throws {
        let options = TranslationOptions(exactWordBoundaries: true)
        let probe = try PCRE2Probe(onig: "\\bx", options: options)
        // U+0301 is a word character for Oniguruma, so there is no boundary between it and x.
        #expect(probe.matchedText(in: "e\u{301}x") == nil)
        #expect(probe.matchedText(in: "-x") == "x")
    }
}
