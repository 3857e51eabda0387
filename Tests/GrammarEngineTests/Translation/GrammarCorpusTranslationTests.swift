import Foundation
import GrammarEngine
import RegexTranslation
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

    /// TEXTMATE.md 4.4: translations are wrapped and joined into one branch-reset alternation
    /// per rule list; names, x-mode comments and unscoped flags would break that.
    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func grammarPatternsCombineIntoBranchResetAlternations() throws {
        let entries = try GrammarPatternCorpus.load()
        var sources: [String] = []
        for entry in entries {
            let raw = try OnigurumaTranslator.translate(entry.pattern)
            let source =
                raw.highestBackReference > raw.captureGroupCount
                ? GrammarPatternCorpus.substitutingBackReferences(in: entry.pattern) : entry.pattern
            let translated = try OnigurumaTranslator.translate(source)
            guard !translated.usesSubroutineCalls else { continue }
            sources.append(translated.source)
        }
        // Chunks of at most 20 patterns and 4,000 bytes of source, as a combiner would cut them to
        // stay under PCRE2's compiled-size limit (64 KiB with the Debian build's link size 2).
        var chunks: [[String]] = [[]]
        for source in sources {
            if let last = chunks.last, last.count == 20 || last.reduce(0, { $0 + $1.utf8.count }) > 4_000 {
                chunks.append([])
            }
            chunks[chunks.count - 1].append(source)
        }
        for (index, chunk) in chunks.enumerated() where !chunk.isEmpty {
            let branches = chunk.enumerated().map { "(?:\($0.element))(*:\($0.offset))" }
            let combined = "(?|" + branches.joined(separator: "|") + ")"
            do {
                _ = try PCRE2Probe(pcre2: combined)
            } catch {
                Issue.record("chunk \(index): \(String("\(error)".prefix(300)))")
            }
        }
        #expect(chunks.count > 200)
    }
}
