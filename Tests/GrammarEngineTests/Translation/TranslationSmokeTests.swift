import GrammarEngine
import Testing

@Suite struct TranslationSmokeTests {
    @Test func printsTranslations() throws {
        for pattern in [
            "a(?i)b|c", "\\h+\\H", "[\\h\\H]", "x{,3}", "a{2,3}+", "a{2}?", "a**", "\\u00e9\\x{41}\\o{101}\\101\\cA\\e",
            "\\v", "\\O", "\\Qa.b\\E", "[a-z[0-9]]", "[\\S[^#]]", "[^\\s[-?:,\\[\\]{}#&*!|>'\"%@`]]", "[a-z&&[^aeiou]]",
            "[^a-z&&b]", "(?i)[[:upper:]]", "\\w\\b\\W\\B", "\\p{Print}\\p{Graph}\\p{Word}\\p{Alnum}", "(?<n>a)(?<n>b)\\k<n>",
            "(a)\\k<-1>", "(?<x>a)\\g<x>", "(?<=a(?:b|cd))x", "(?<=ab?)c", "[\\x{d000}-\\uDFFF]", "[\\uD800-\\uDBFF]", "(?~ab)", "(a)?(?(1)b|c)", "(?>a+)b*+", "(*FAIL)|x",
            "(?x) a b # comment\n c", "(?m).(?-m).", "\\A\\G\\z\\Z", "\\xe3\\x81\\x82", "[\\w&&\\D]", "\\p{In_Basic_Latin}",
        ] {
            let out = try OnigurumaTranslator.translate(pattern)
            print("OUT \(pattern)  =>  \(out.source)")
            _ = try PCRE2Probe(pcre2: out.source)
        }
    }
}
