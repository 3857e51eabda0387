import Foundation
import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// Random input never crashes the translator, and whatever it accepts PCRE2 compiles.
///
/// The seed comes from `SEED` (a fixed default otherwise) and is printed with every failure.
@Suite struct TranslationFuzzTests {
    /// Pieces of Oniguruma syntax, so random patterns reach deep into the parser.
    static let tokens = [
        "a", "b", "é", "\\", "(", ")", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?>", "(?<n>", "(?i)", "(?m)",
        "(?x)", "(?i:", "(?-i)", "[", "]", "[^", "[:alpha:]", "[[:^upper:]]", "&&", "-", "^", "$", ".", "*",
        "+",
        "?", "{2}", "{,3}", "{1,2}", "{", "}", "|", "\\w", "\\W", "\\b", "\\h", "\\H", "\\d", "\\s", "\\1",
        "\\2", "\\k<n>", "\\g<n>", "\\g<1>", "\\p{L}", "\\P{Word}", "\\p{^Print}", "\\A", "\\G", "\\z", "\\K",
        "\\x41", "\\xe3", "\\u00e9", "\\uD800", "(?~", "(?(1)", "(?(<n>)", " ", "#", "\n", "\\Q", "\\E",
        "\\O",
        "\\R", "\\X", "(*FAIL)", "(*UTF)", "\\0", "\\177", "\\cA", "\\y", "\\v", "ß", "'", "\"", ",", ":",
    ]

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["SEED"].flatMap { UInt64($0) } ?? 20_261_121
    }

    @Test func tokenSoupTranslatesOrThrowsAndAcceptedPatternsCompile() {
        var random = SeededGenerator(seed: Self.seed)
        var accepted = 0
        var failures: [String] = []
        for _ in 0..<4_000 {
            let count = Int.random(in: 1...12, using: &random)
            let pattern = (0..<count).map { _ in Self.tokens.randomElement(using: &random) ?? "" }.joined()
            guard let translated = try? OnigurumaTranslator.translate(pattern) else { continue }
            accepted += 1
            // A reference to a group that does not exist is left for the grammar layer to report,
            // as an end pattern's begin captures are; everything else must compile.
            if translated.highestBackReference > translated.captureGroupCount { continue }
            do {
                _ = try PCRE2Probe(pcre2: translated.source)
            } catch {
                failures.append("\(pattern.debugDescription) -> \(error)")
            }
        }
        #expect(accepted > 500, "seed \(Self.seed)")
        #expect(
            failures.isEmpty,
            "seed \(Self.seed): \(failures.count) failures\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test(arguments: ["(", "(?:", "[", "(?i)", "(?=", "(?<n>"])
    func hostileNestingThrowsInsteadOfExhaustingTheStack(_ opener: String) {
        #expect(throws: PatternTranslationError.self) {
            _ = try OnigurumaTranslator.translate(String(repeating: opener, count: 100_000))
        }
    }

    @Test func deepButReasonableNestingTranslates() throws {
        let pattern = String(repeating: "(?:a", count: 99) + String(repeating: ")", count: 99)
        _ = try PCRE2Probe(pcre2: try OnigurumaTranslator.translate(pattern).source)
        let stacked = "a" + String(repeating: "*", count: 100)
        _ = try PCRE2Probe(pcre2: try OnigurumaTranslator.translate(stacked).source)
        #expect(throws: PatternTranslationError.self) {
            _ = try OnigurumaTranslator.translate("a" + String(repeating: "+", count: 10_000))
        }
    }

    @Test func randomTextNeverCrashesTheTranslator() {
        var random = SeededGenerator(seed: Self.seed ^ 0xFFFF)
        let alphabet = Array("ab(|)[]{}^$.*+?\\-&:<>=!#~'0123456789xukgphHwWAGzKQE é😀\n\t")
        for _ in 0..<4_000 {
            let count = Int.random(in: 0...20, using: &random)
            let pattern = String((0..<count).map { _ in alphabet.randomElement(using: &random) ?? "a" })
            do {
                let translated = try OnigurumaTranslator.translate(pattern)
                #expect(!translated.source.isEmpty || pattern.isEmpty || true)
            } catch {
                #expect(
                    error.offset >= 0 && error.offset <= pattern.utf8.count, "\(pattern.debugDescription)")
            }
        }
    }
}
