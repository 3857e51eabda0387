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
    ])
    func classRunsFindWhatPCRE2Finds(_ source: String) throws {
        var generator = SeededGenerator(seed: UInt64(source.utf8.count))
        let translated = try OnigurumaTranslator.translate(source)
        let run = try #require(translated.classRun, "\(source) is a class run")
        let fast = try Pattern(translated.source, classRun: run)
        let oracle = try Pattern(translated.source)
        let characters = Array("aZ_$09 .(\t-é中—Ωx")
        var found = 0
        for _ in 0..<300 {
            let text =
                String(
                    (0..<Int.random(in: 0..<14, using: &generator)).map { _ in
                        characters.randomElement(using: &generator)!
                    }) + "\n"
            let subject = Array(text.utf8)
            subject.withUnsafeBufferPointer { buffer in
                for length in [subject.count, max(0, subject.count - 3)] {
                    for start in 0...length {
                        let expected = oracle.firstMatch(in: buffer, length: length, from: start)
                        if expected != nil { found += 1 }
                        #expect(
                            fast.firstMatch(in: buffer, length: length, from: start) == expected,
                            "\(source) in \(text.debugDescription)[..<\(length)] from \(start)")
                    }
                }
            }
        }
        #expect(found > 300, "too few matches to compare: \(found)")
    }
}
