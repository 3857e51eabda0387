import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// A pattern run behind a lookahead of its start characters finds what PCRE2 finds running
/// the same source without it, groups included: PCRE2 is the oracle, from every start of
/// random subjects that hold the characters outside ASCII its classes take in (an
/// Arabic-Indic digit for `\d`, letters with accents for `\w`, a no-break space for `\s`) and
/// those a fold of case reaches (KELVIN SIGN for `k`, LONG S for `s`).
@Suite struct StartLookaheadSearchTests {
    @Test(arguments: [
        // Rust's numbers: PCRE2 finds no start for `\d` under UCP and tried every start.
        #"\b(\d[\d_]*)((?:[iu](?:8|16|32|64|128|size)))?\b"#,
        #"\b(\d[\d_]*(?:\.\d[\d_]*)?[eE][+-]?_*\d[\d_]*|\d[\d_]*\.\d[\d_]*)(f32|f64)?\b|\b(\d[\d_]*)(f32|f64)\b|\b\d[\d_]*\.(?![.\w])"#,
        #"\w+(?=\()"#, #"(?<!\.)\s+x"#, #"[\p{Lu}_]\w*"#, #"(?i)\b[\p{Ll}k]\w*"#, #"(?i)[\p{Lu}]s"#, #"\d|é"#,
        #"(?:\d|a)(?<=\d)"#, #"(?=\w)[^\d]"#,
    ])
    func searchesBehindTheLookaheadFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count))
        let translated = try OnigurumaTranslator.translate(source)
        // Both JIT-compiled at once: on some patterns PCRE2's JIT and interpreter report a
        // repeated group's captures differently, whatever the lookahead.
        let pattern = try Pattern(translated: translated, isCacheable: true, shortcuts: [.startLookahead])
        #expect(pattern.hasStartLookahead, "\(source) runs behind a lookahead")
        let oracle = try Pattern(translated.source, jitThreshold: 0)
        #expect(!oracle.hasStartLookahead)
        let pieces = [
            "0", "7", "\u{0663}", "x", "_", "a", "K", "s", "\u{212A}", "\u{017F}", "é", "É", " ", "\u{00A0}",
            "(", ".", "u8", "e", "f32", "\t", "-", "1.5", "2e+", "9_",
        ]
        let texts = (0..<600).map { _ in
            (0..<Int.random(in: 0..<14, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined() + "\n"
        }
        let found = expectSameMatches(
            pattern, as: oracle, in: texts, lengths: wholeAndCutShort(by: 3), source)
        #expect(found > 100, "too few matches to compare: \(found)")
    }

    @Test(arguments: [
        // PCRE2 knows the start itself: a first byte, a table of them, a line start.
        #"x\d"#, #"[ab]\w"#, #"^\d"#,
        // A match may begin with anything, or with nothing.
        #"."#, #"\d?"#, #"(?:\w|[^x])"#,
        // A lookahead in front would hide the anchor from PCRE2.
        #"\G\d"#, #"\A\d"#,
        // PCRE2 10.42 misses matches of line anchors behind a lookahead.
        #"(?:(?<!z)|^)\d"#, #"\d+$"#, #"\w\z"#,
    ])
    func patternsWithAKnownOrAnyStartRunAsTheyAre(_ source: String) throws {
        let translated = try OnigurumaTranslator.translate(source)
        let pattern = try Pattern(translated: translated, isCacheable: true, shortcuts: [.startLookahead])
        #expect(!pattern.hasStartLookahead, "\(source)")
    }

    @Test func withoutTheShortcutNoPatternRunsBehindALookahead() throws {
        let translated = try OnigurumaTranslator.translate(#"\b\d+"#)
        #expect(try Pattern(translated: translated, isCacheable: true, shortcuts: .all).hasStartLookahead)
        var without = SearchShortcuts.all
        without.remove(.startLookahead)
        #expect(try !Pattern(translated: translated, isCacheable: true, shortcuts: without).hasStartLookahead)
    }

    /// Random patterns built from the pieces grammars use around a start PCRE2 cannot see
    /// (classes under UCP, boundaries, lookarounds, anchors, alternatives, folded case), each
    /// compared with PCRE2 running its source alone on random lines.
    @Test func randomPatternsFindWhatPCRE2FindsBehindTheLookahead() throws {
        var generator = SeededGenerator(seed: 32)
        let atoms = [
            #"\d"#, #"\w"#, #"\s"#, #"[\p{Lu}]"#, "a", "é", "[^a]", "[a-c]", ".", #"\b"#, #"\B"#, "(?<=x)",
            #"(?<!\.)"#, #"(?=\d)"#, "(?!a)", "^", "$", #"\z"#,
        ]
        let quantifiers = ["", "", "", "?", "*", "+", "{1,2}", "*+"]
        func sequence(depth: Int) -> String {
            (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                if depth < 2, Int.random(in: 0..<4, using: &generator) == 0 {
                    let branches = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                        sequence(depth: depth + 1)
                    }
                    let open = ["(", "(?:", "(?i:"].randomElement(using: &generator)!
                    return open + branches.joined(separator: "|") + ")" + quantifiers.randomElement(
                        using: &generator)!
                }
                let atom = atoms.randomElement(using: &generator)!
                let quantifiable =
                    !atom.hasPrefix("(?") && ![#"\b"#, #"\B"#, "^", "$", #"\z"#].contains(atom)
                return atom + (quantifiable ? quantifiers.randomElement(using: &generator)! : "")
            }.joined()
        }
        let pieces = [
            "1", "\u{0663}", "a", "A", "b", "é", "É", "x", " ", "\u{00A0}", ".", "K", "\u{212A}", "_", "-",
        ]
        var withLookahead = 0
        var found = 0
        for _ in 0..<4_000 {
            let source = sequence(depth: 0)
            guard let translated = try? OnigurumaTranslator.translate(source),
                let pattern = try? Pattern(
                    translated: translated, isCacheable: true, shortcuts: [.startLookahead]),
                pattern.hasStartLookahead
            else { continue }
            withLookahead += 1
            let oracle = try Pattern(translated.source, jitThreshold: 0)
            let texts = (0..<20).map { _ in
                (0..<Int.random(in: 0..<8, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined() + "\n"
            }
            found += expectSameMatches(
                pattern, as: oracle, in: texts, lengths: wholeAndCutShort(by: 2), source)
        }
        #expect(withLookahead > 300, "too few patterns ran behind a lookahead: \(withLookahead)")
        #expect(found > 2_000, "too few matches to compare: \(found)")
    }
}
