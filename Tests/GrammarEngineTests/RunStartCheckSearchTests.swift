import RegexTranslation
import TestSupport
import Testing

@testable import GrammarEngine

/// A pattern with its run-start check finds what the pattern without it finds: PCRE2 running
/// the plain translation is the oracle, from every start of random subjects made of runs of
/// spaces, digits and letters, the characters the patterns' other items ask for, and
/// characters outside ASCII inside and outside the runs' classes.
@Suite struct RunStartCheckSearchTests {
    static let pieces = [
        " ", "   ", "\t", "a", "ab", "0", "12", "_", ".", "(", ")", "{", "#", "-", "+", "=", "*", ":", "x",
        "async ", "get", "if", "c", "ac", "é", "\u{00A0}", "\n", "e5", "..",
    ]

    @Test(arguments: [
        #"\s*\("#, #"(\s*)\{"#, #"[a-z][a-z0-9]*\("#, #"\s*+x"#, #"\s*?x"#, #"\s{2,}x"#, #".*x"#, #"\s+"#,
        #"[0-9]+(?!\.)"#, #"(?<=\()\s*(\{)"#, #"(?<!\.)(?<=[=(])\s*(\{)"#, #"\s*a|\s*b"#,
        #"(?<![_$[:alnum:]])(?:(async|get|set|static)\s+)?(\*)?\s*(?!(?:function|if)\b)([_$[:alpha:]][_$[:alnum:]]*)\s*\("#,
        #"(?<![_$[:alnum:]])(?:(async|get)\s+)?+\s*+(\w+)"#,
        #"[\-\+]?+(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][\-\+]?+[0-9]+)?(?=[ \t]*(?:#|$))"#,
        #"[\-\+]?+(?:0|[1-9][0-9_]*)(?=[ \t]*(?:#|$))"#,
        #"(?=[ \t]++#|[ \t]*$)"#, #"(?=\s*x)(?<!a)"#, #"(?=\s*\()\s*"#, #"x?\s*(?=\()"#,
        #"(?:a|\s*)\("#, #"(?:(?=\s*\.)|\s+)x"#, #"\b\w*\("#, #"^\s*#"#, #"(?:\s*|x+)="#,
        // A possessive optional item that may take the character before the start.
        #"(?:ac)?+[a-z]*c"#,
    ])
    func aCheckedPatternFindsWhatThePlainOneFinds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count) &* 7919)
        let translated = try OnigurumaTranslator.translate(source, classOracle: PCRE2ClassOracle.shared)
        _ = try #require(translated.runStartCheck, "\(source) gets a check")
        let checked = try Pattern(translated: translated, isCacheable: true, shortcuts: [.runStartCheck])
        #expect(checked.source.contains(#"(?!(?!\G)"#), "the check compiles: \(checked.source)")
        let oracle = try Pattern(translated.source)
        let texts = (0..<400).map { _ in
            (0..<Int.random(in: 0..<14, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined() + "\n"
        }
        let found = expectSameMatches(
            checked, as: oracle, in: texts, lengths: wholeAndCutShort(by: 3), source)
        #expect(found > 20, "too few matches to compare: \(found)")
    }

    /// The check does its job: in a run of 50 characters (from offset 1), every start after
    /// the second is rejected when the search starts at the second (found by searching the
    /// check alone, minus the search start itself), so PCRE2 reads the run from two starts,
    /// not fifty. (At the second, a leading lookbehind may not have held one character back.)
    @Test(arguments: [
        (
            #"(?<![_$[:alnum:]])(?:(async|get|set|static)\s+)?(\*)?\s*(?!(?:function|if)\b)([_$[:alpha:]][_$[:alnum:]]*)\s*\("#,
            "x" + String(repeating: " ", count: 50) + "{y"
        ),
        (
            #"[\-\+]?+(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][\-\+]?+[0-9]+)?(?=[ \t]*(?:#|$))"#,
            "a" + String(repeating: "0", count: 50) + "(b"
        ),
        (#"(?=[ \t]++#|[ \t]*$)"#, "a" + String(repeating: "\t", count: 50) + "(b"),
    ])
    func theCheckRejectsEveryStartInARunAfterTheSearchStart(_ source: String, _ text: String) throws {
        let translated = try OnigurumaTranslator.translate(source, classOracle: PCRE2ClassOracle.shared)
        let check = try #require(translated.runStartCheck).source
        let passes = try Pattern("(?:" + check + ")(?!\\G)")
        let subject = Array(text.utf8)
        let next = subject.withUnsafeBufferPointer { passes.firstMatch(in: $0, from: 2) }
        #expect((next?.start ?? .max) > 50, "\(source): a start at \(next?.start ?? -1) passes")
    }

    /// The check in a combined alternation: every alternative was tried one character back,
    /// so the argument holds for each.
    @Test func aCombinedAlternationOfCheckedPatternsFindsWhatThePlainOneFinds() throws {
        let sources = [#"\s*\("#, #"[a-z][a-z0-9]*(?=\s*=)"#, #"[0-9]+\s*\)"#, #"\."#]
        let translated = try sources.map {
            try OnigurumaTranslator.translate($0, classOracle: PCRE2ClassOracle.shared)
        }
        let checked = try translated.map {
            try Pattern(translated: $0, isCacheable: true, shortcuts: [.runStartCheck])
        }
        let plain = try translated.map { try Pattern($0.source) }
        let combinedChecked = try #require(Pattern.combining(checked))
        let combinedPlain = try #require(Pattern.combining(plain))
        var generator = SeededGenerator(seed: 42)
        let texts = (0..<400).map { _ in
            (0..<Int.random(in: 0..<14, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined()
        }
        var compared = 0
        for text in texts {
            let subject = Array(text.utf8)
            subject.withUnsafeBufferPointer { buffer in
                for start in 0...subject.count {
                    let expected = combinedPlain.firstMatch(in: buffer, from: start)
                    let expectedAlternative = combinedPlain.matchedAlternative(.current)
                    let actual = combinedChecked.firstMatch(in: buffer, from: start)
                    #expect(actual == expected, "\(text.debugDescription) from \(start)")
                    if expected != nil {
                        compared += 1
                        #expect(combinedChecked.matchedAlternative(.current) == expectedAlternative)
                    }
                }
            }
        }
        #expect(compared > 200, "too few matches to compare: \(compared)")
    }

    @Test func withoutTheShortcutThePatternIsThePlainTranslation() throws {
        let translated = try OnigurumaTranslator.translate(#"\s*\("#)
        let plain = try Pattern(translated: translated, isCacheable: true, shortcuts: [])
        #expect(plain.source == translated.source)
    }
}
