import Foundation
import GrammarEngine
import TestSupport
import Testing

/// Every pattern of every grammar in the shared data translates and compiles with PCRE2.
@Suite struct GrammarCorpusTranslationTests {
    /// Patterns known not to translate, with the reason. Empty: every pattern translates.
    static let expectedFailures: [String: String] = [:]

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func everyGrammarPatternTranslatesAndCompiles() throws {
        let entries = try GrammarPatternCorpus.load()
        #expect(entries.count > 4_000)
        var failures: [String] = []
        for entry in entries where Self.expectedFailures[entry.pattern] == nil {
            do {
                var source = entry.pattern
                let raw = try OnigurumaTranslator.translate(source)
                if raw.highestBackReference > raw.captureGroupCount {
                    // An end/while pattern naming begin captures compiles once they are substituted.
                    #expect(entry.key == "end" || entry.key == "while", "\(entry)")
                    source = GrammarPatternCorpus.substitutingBackReferences(in: source)
                }
                let translated = try OnigurumaTranslator.translate(source)
                _ = try PCRE2Probe(pcre2: translated.source)
                if translated.usesAnchorA || translated.usesAnchorG {
                    // The variant with both anchors disabled must compile too.
                    let disabled = TranslationOptions(allowAnchorA: false, allowAnchorG: false)
                    _ = try PCRE2Probe(
                        pcre2: try OnigurumaTranslator.translate(source, options: disabled).source)
                }
            } catch {
                failures.append(String("\(entry)".prefix(200)) + "\n    -> " + String("\(error)".prefix(300)))
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(entries.count) failed:\n\(failures.joined(separator: "\n"))")
    }
}
