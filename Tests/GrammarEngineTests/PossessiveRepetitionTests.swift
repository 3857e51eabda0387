import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// Repetitions the translator makes possessive (`Possessifier`) change no match: the same
/// pattern translated without the class oracle, run by PCRE2, is the oracle, from every start
/// of random subjects; and the shapes that may give a character back stay greedy.
@Suite struct PossessiveRepetitionTests {
    private static func translated(_ source: String) throws -> String {
        try OnigurumaTranslator.translate(source, classOracle: PCRE2ClassOracle.shared).source
    }

    @Test func anIdentifierBeforeOptionalSpacesAndACallBecomesPossessive() throws {
        let call = #"(?=(\.\s*)?([_$[:alpha:]][_$[:alnum:]]*)\s*(<([^<>]|<[^<>]+>)+>\s*)?\()"#
        let source = try Self.translated(call)
        // The identifier's run, the spaces before `<` or `(`, and the run inside `<…>`.
        #expect(source.contains(#"\p{Nd}]*+)"#), "\(source)")
        #expect(source.contains(#"[\s]*+(\<"#), "\(source)")
        #expect(source.contains(#"[^\<\>]+\>"#) == false, "\(source)")
        #expect(source.components(separatedBy: "+").count > 4, "\(source)")
    }

    @Test(arguments: [
        // What follows may be in the repeated class.
        #"[a-z]*[a-z0-9]"#,
        // A lookahead pins the next character to one the run holds.
        #"\w*(?=x)"#,
        // The match may end right after the run.
        #"a*$"#, #"[a-z]*(?![0-9])"#, #"(?=[a-z]*)"#,
        // Case folding makes `K` a member of `[a-z]`.
        #"(?i)[a-z]*K"#,
        // What follows is not known, or neither side can be listed.
        #"[a-z]*."#, #"([a-z])[a-z]*\1"#, #"[^a]*[^b]"#,
        // Lazy repetitions keep their order.
        #"[a-z]*?\("#,
        // Spaces before a class too large to list that holds a space.
        #"\s*[\p{Zs}a]"#, #"\s*[^a]"#,
        // Inside a lookahead the match may end after the run, whatever follows the lookahead:
        // giving back `z` lets the lookbehind pass.
        #"(?=[a-z]*(?<!z))\("#,
    ])
    func aRunThatMayGiveBackStaysGreedy(_ pattern: String) throws {
        let plain = try OnigurumaTranslator.translate(pattern).source
        #expect(try Self.translated(pattern) == plain)
    }

    @Test(arguments: [
        (#"[^<>]*>"#, #"[^\<\>]*+\>"#),
        // The repeated letters are listed, and the class after them excludes each.
        (#"[a-z]*[^a-z]"#, #"[a-z]*+[^a-z]"#),
        (#"\s*\("#, #"[\s]*+\("#),
        // The first spaces may give back to the second ones: they stay greedy.
        (#"[a-z]+\s*(?:<[a-z]*>)?\s*;"#, #"[a-z]++[\s]*(?:\<[a-z]*+\>)?[\s]*+\;"#),
        (#"\d*(?=\.)"#, #"[\d]*+(?=\.)"#),
        // Spaces before an identifier: the spaces are listed, and the identifier's classes
        // (too large to list) hold none of them.
        (
            #"\s*(?<!=)([_$[:alpha:]][_$[:alnum:]]*)"#,
            #"[\s]*+(?<!\=)([\_\$\p{Alphabetic}][\_\$\p{Alphabetic}\p{Nd}]*)"#
        ),
    ])
    func aRunBeforeCharactersItCannotHoldBecomesPossessive(_ pattern: String, _ expected: String) throws {
        let source = try Self.translated(pattern)
        #expect(source == expected)
    }

    /// Random patterns of classes, literals, repetitions, groups, alternations, lookarounds and
    /// anchors; each is compared from every start of random subjects.
    @Test func possessiveRunsFindWhatGreedyRunsFind() throws {
        var generator = SeededGenerator(seed: 14)
        let atoms = [
            "a", "b", "x", #"\("#, "<", ">", " ", "[ab]", "[a-c]", #"\s"#, "[^a]", #"\d"#, "[^<>]",
            #"[_$[:alpha:]]"#,
            #"[_$[:alnum:]]"#, ".", "é", #"[\p{Zs}a]"#, #"\w"#,
        ]
        let quantifiers = ["*", "+", "?", "{1,3}", "*?", "", "", ""]
        // Zero-width tests that can fail where the run ends, so that giving back would pay.
        let assertions = ["(?<!a)", "(?<=b)", "(?<!x)", "$", #"\b"#]
        func node(_ depth: Int) -> String {
            let roll = Int.random(in: 0..<12, using: &generator)
            if roll >= 10 { return assertions.randomElement(using: &generator)! }
            if depth == 0 || roll < 5 {
                return atoms.randomElement(using: &generator)! + quantifiers.randomElement(using: &generator)!
            }
            let body = (0..<Int.random(in: 1...3, using: &generator)).map { _ in node(depth - 1) }.joined()
            switch roll {
            case 5: return "(" + body + ")" + ["", "?", "*"].randomElement(using: &generator)!
            case 6: return "(?:" + body + "|" + node(depth - 1) + ")"
            case 7: return "(?=" + body + ")"
            case 8: return "(?!" + body + ")"
            default: return ["$", #"\b"#, "^", ""].randomElement(using: &generator)! + body
            }
        }
        let characters = Array("abx(<> \t1éc_$\u{00A0}")
        var possessive = 0
        var compared = 0
        for _ in 0..<1_000 {
            let pattern = (0..<Int.random(in: 1...4, using: &generator)).map { _ in node(3) }.joined()
            guard let plain = try? OnigurumaTranslator.translate(pattern).source,
                let rewritten = try? Self.translated(pattern)
            else { continue }
            if rewritten == plain { continue }
            possessive += 1
            let greedy = try Pattern(plain)
            let kept = try Pattern(rewritten)
            let texts = (0..<30).map { _ in
                String(
                    (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                        characters.randomElement(using: &generator)!
                    }) + "\n"
            }
            compared += expectSameMatches(kept, as: greedy, in: texts, "\(pattern) as \(rewritten)")
        }
        #expect(possessive > 100, "too few patterns made possessive: \(possessive)")
        #expect(compared > 10_000, "too few matches to compare: \(compared)")
    }
}
