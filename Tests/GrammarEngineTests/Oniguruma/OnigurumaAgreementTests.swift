import Foundation
import RegexTranslation
import TestSupport
import Testing

@testable import GrammarEngine

/// Patterns PCRE2 runs only after a rewrite, checked against Oniguruma itself: on random
/// subjects, from every start, both engines find the same match and the same groups.
struct OnigurumaAgreementTests {
    /// Look-behinds whose alternatives differ in length until distributed, and other
    /// rewritten constructs, as real grammars write them.
    static let rewrittenPatterns = [
        #"(?<!(?:\W|^)(?:do|if))\s*\{"#,
        #"(?<=(?:\.|::)(?:get|set))\w+"#,
        #"(?<![\w$](?:ab|c))x+"#,
        #"a{1,0}b"#,
        #"a{3,1}ab"#,
        #"(a{2,0}?)a"#,
        #"(?<=^|[^\\])\$\w+"#,
        #"(?<!\w)(?:do|if|else)(?!\w)"#,
    ]

    static let alphabet = Array("abcdoifx{ \t.:$\\_getsw\n".unicodeScalars)

    static func randomSubject(_ generator: inout SeededGenerator) -> String {
        let length = Int.random(in: 0...24, using: &generator)
        return String(
            String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
    }

    @Test(arguments: rewrittenPatterns)
    func theRewrittenPatternMatchesAsOnigurumaDoes(source: String) throws {
        let translated = try OnigurumaTranslator.translate(source)
        let pcre = try Pattern(translated.source)
        let oniguruma = try Pattern(oniguruma: source, isCacheable: true)
        var generator = SeededGenerator(seed: 27)
        for _ in 0..<400 {
            var subject = Self.randomSubject(&generator)
            let length = subject.utf8.count
            subject.withUTF8 { bytes in
                for start in 0...length {
                    let expected = oniguruma.firstMatch(in: bytes, from: start)
                    let actual = pcre.firstMatch(in: bytes, from: start)
                    #expect(
                        actual?.offsets == expected?.offsets,
                        "\(source) on \(String(decoding: bytes, as: UTF8.self).debugDescription) from \(start)"
                    )
                }
            }
        }
    }
}
