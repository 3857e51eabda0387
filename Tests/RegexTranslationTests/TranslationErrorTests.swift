import RegexTranslation
import Testing

/// Invalid Oniguruma, and Oniguruma that PCRE2 10.42 cannot express, throw with an offset.
@Suite struct TranslationErrorTests {
    static let cases: [(pattern: String, offset: Int, message: String)] = [
        ("(?s)a", 2, "(?s)"),
        ("(*UTF)a", 0, "(*UTF)"),
        ("(*LIMIT_MATCH=10)a", 0, "LIMIT_MATCH"),
        ("(*NO_JIT)a", 0, "NO_JIT"),
        ("(*F)a", 0, "callout"),
        ("ab\\x80", 2, "code point"),
        ("\\777", 0, "too big"),
        ("\\200", 0, "code point"),
        ("a\\y", 1, "\\y"),
        ("a{70000}", 1, "too big"),
        ("*a", 0, "not specified"),
        ("a|+", 2, "not specified"),
        ("(a", 0, "unmatched parenthesis"),
        ("a)", 1, "unmatched close parenthesis"),
        ("[a", 0, "premature end"),
        ("x[]", 1, "empty char-class"),
        ("[[]", 1, "empty char-class"),
        ("[z-a]", 1, "empty range"),
        ("[\\d-a]", 3, "range specifier"),
        ("[a-\\d]", 1, "end of range"),
        ("[[:foo:]]", 1, "POSIX bracket"),
        ("(a)\\k<nope>", 3, "undefined name"),
        ("\\k<1+1>(a)", 0, "nest level"),
        ("\\g<nope>", 0, "undefined name"),
        ("(?<n>a)(?<n>b)\\g<n>", 14, "multiplex"),
        ("(?<=a(b|cd))x", 0, "look-behind"),
        ("x(?<=a+)b", 1, "look-behind"),
        ("(?<!(a))", 0, "negative look-behind"),
        ("(?~|a|b)", 0, "absent"),
        ("\\p{Foo&}", 0, "property"),
        ("a\\uD8", 1, "\\u"),
        ("^*", 1, "invalid"),
        ("(?=a)*", 5, "invalid"),
        ("\\b+", 2, "invalid"),
        ("(?(1)a|b|c)", 0, "conditional"),
        ("(?(a)b)", 0, "condition"),
        ("(?P<n>a)", 3, "group option"),
        ("a\\", 1, "escape"),
        ("(?i", 0, "group"),
        ("\\M-a", 0, "meta"),
        ("\\k<0>", 0, "backref"),
        ("(?=a\\K)", 4, "\\K"),
        ("(?(2)a)(b)", 0, "backref"),
    ]

    @Test(arguments: cases)
    func invalidPatternThrowsWithOffset(_ pattern: String, _ offset: Int, _ message: String) {
        #expect {
            _ = try OnigurumaTranslator.translate(pattern)
        } throws: { error in
            guard let error = error as? PatternTranslationError else { return false }
            return error.offset == offset && error.message.contains(message)
        }
    }

    @Test func errorOffsetsCountUTF8Bytes() {
        #expect {
            _ = try OnigurumaTranslator.translate("éé)")
        } throws: { error in
            (error as? PatternTranslationError)?.offset == 4
        }
    }
}
