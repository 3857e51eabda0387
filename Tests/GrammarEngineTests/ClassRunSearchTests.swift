import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// A class run found without PCRE2 on ASCII text gives PCRE2's own matches: PCRE2 running the
/// same source is the oracle, from every start of random subjects with ASCII letters, digits,
/// punctuation, and characters outside ASCII inside and around the runs.
@Suite struct ClassRunSearchTests {
    @Test(arguments: [
        #"[_$[:alpha:]][_$[:alnum:]]*"#, #"([_$[:alpha:]][_$[:alnum:]]*)"#,
        #"[[:upper:]][_$[:digit:][:upper:]]*"#,
        #"\w\d*"#, #"[^\s(][^\s]*"#,
        // Constants: a run of capitals not followed by any word character.
        #"([[:upper:]][_$[:digit:][:upper:]]*)(?![_$[:alpha:][:digit:]])"#, #"[A-Z][A-Z_]*(?![a-z_A-Z])"#,
        // The exclusion leaves out letters of the run: a shorter run can match where the
        // longest fails ("ax" in "ax1"), so PCRE2 keeps these.
        #"[a-z][a-z]*(?![0-9])"#,
        // Guarded: JavaScript's identifier (not after a word character, nor after a lone dot,
        // an optional private sign), and other lookbehinds of one or two characters.
        #"(?<![\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$])(?<![^.]\.)#?[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*"#,
        #"(?<![\w$])(#?[a-z][a-z0-9]*)(?![\w$])"#, #"(?<!\.)[a-z]\w*"#, #"(?<![a-z][0-9])[A-Z][A-Z]*"#,
        #"(?<!é)(?<!\#\.)(?<![Z])\$?[a-z][a-zA-Z]*+"#, #"(?<![^.]\.)[0-9][0-9.]*"#,
        // The optional character can be a first one too: PCRE2 keeps it.
        #"#?[#a-z][a-z]*"#,
    ])
    func classRunsFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count))
        let translated = try OnigurumaTranslator.translate(source)
        _ = try #require(translated.classRun, "\(source) is a class run")
        let fast = try Pattern(translated: translated, isCacheable: true, shortcuts: [.classRun])
        // The one whose exclusion leaves out letters of its run stays on PCRE2, and so does
        // the one whose optional character may begin the run.
        let keptOnPCRE2 = [
            #"[a-z][a-z]*(?![0-9])"#, #"#?[#a-z][a-z]*"#, #"[a-z][a-z]*(?=[a-z]*\.)"#,
            #"[a-z][a-z]*(?=\s*\s\.)"#,
        ].contains(source)
        #expect(fast.searchPlanName == (keptOnPCRE2 ? "pcre2" : "class-run"))
        let oracle = try Pattern(translated.source)
        let characters = Array("aZ_$09 .(\t-é中—ΩxAB#..")
        // Runs cut short by what follows them, guards met and missed, then random text.
        let fixed = [
            "ax1", "ABc", "AB_c", "fooBAR1 ", "X9y", "a中b", "AÉB", "ab—c", "$_a9", ".ab", "..ab", "a.b",
            "é.ab",
            "#ab", "##ab", ".#ab", "a#b", "#", "#é", "Z$ab", "é$ab", "#.ab", "9A", "a9A",
        ]
        let texts =
            fixed.map { $0 + "\n" }
            + (0..<300).map { _ in
                String(
                    (0..<Int.random(in: 0..<14, using: &generator)).map { _ in
                        characters.randomElement(using: &generator)!
                    }) + "\n"
            }
        let found = expectSameMatches(fast, as: oracle, in: texts, lengths: wholeAndCutShort(by: 3), source)
        #expect(found > 300, "too few matches to compare: \(found)")
    }

    @Test(arguments: [
        // A name before a property access or a call (JavaScript's), a lookahead that may be
        // empty, others with optional groups and repeated steps.
        #"(?<![\w$#])(#?[a-zA-Z_$][\w$]*)(?=\s*\??\.\s*[#\w$])"#,
        #"(?<![\w$#])(#?[a-zA-Z_$][\w$]*)(?=\s*(?:\?\.\s*)?\()"#, #"[a-z][a-z]*(?=\s*)"#,
        #"[A-Z][A-Z]*(?=[ \t]+[(.])"#, #"[a-z][a-z0-9]*(?=(?:\.[ ]?)?[(])"#, #"[a-z][a-z]*(?=[0-9])"#,
        // The lookahead can begin with a character of the run, or a repeated step can take what
        // follows it: PCRE2 keeps these.
        #"[a-z][a-z]*(?=[a-z]*\.)"#, #"[a-z][a-z]*(?=\s*\s\.)"#,
    ])
    func classRunsBeforeALookaheadFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count) &* 13)
        let translated = try OnigurumaTranslator.translate(source)
        _ = try #require(translated.classRun?.followedBy, "\(source) is a class run before a lookahead")
        let fast = try Pattern(translated: translated, isCacheable: true, shortcuts: [.classRun])
        let keptOnPCRE2 = [#"[a-z][a-z]*(?=[a-z]*\.)"#, #"[a-z][a-z]*(?=\s*\s\.)"#].contains(source)
        #expect(fast.searchPlanName == (keptOnPCRE2 ? "pcre2" : "class-run"))
        let oracle = try Pattern(translated.source)
        let pieces = [
            "ab", "AB", "x9", "#", "#c", " ", "\t", ".", "?", "?.", "(", " (", "é", "中", "$", "_", "9", "a",
            "Z",
            "\u{00A0}",
        ]
        let texts = (0..<1_500).map { _ in
            (0..<Int.random(in: 0..<10, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined() + "\n"
        }
        let found = expectSameMatches(fast, as: oracle, in: texts, lengths: wholeAndCutShort(by: 3), source)
        // The two kept on PCRE2 are compared with PCRE2 itself: their plan is what they pin.
        #expect(found > (keptOnPCRE2 ? 0 : 100), "too few matches to compare: \(found)")
    }

    /// A run whose lookahead has no steps, or an empty group, as only a damaged translation
    /// cache could hold, is left to PCRE2 instead of being searched for.
    @Test func aLookaheadWithoutStepsLeavesTheRunToPCRE2() throws {
        for steps: [LookaheadStep] in [[], [.any("[\\s]"), .optionalGroup([])]] {
            var translated = try OnigurumaTranslator.translate("[a-z][a-z]*")
            translated.classRun?.followedBy = steps
            let pattern = try Pattern(translated: translated, isCacheable: true, shortcuts: [.classRun])
            #expect(pattern.searchPlanName == "pcre2", "\(steps)")
        }
    }
}
