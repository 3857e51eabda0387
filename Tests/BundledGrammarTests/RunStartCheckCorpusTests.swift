import Foundation
import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// Every pattern of the bundled grammars that gets a run-start check finds, with it, what the
/// plain translation finds, from every start of random subjects: runs of spaces, digits and
/// letters, the punctuation grammars ask for, characters outside ASCII, and the words the
/// pattern itself names.
@Suite struct RunStartCheckCorpusTests {
    static let pieces = [
        " ", "   ", "\t", "a", "Zz", "0", "12", "_", ".", ",", ";", "(", ")", "[", "]", "{", "}", "<", ">",
        "#",
        "-", "+", "=", "*", "/", "\\", ":", "\"", "'", "`", "$", "@", "!", "?", "&", "|", "%", "é",
        "\u{00A0}",
        "\u{4E2D}", "e5", "0x1F",
    ]

    @Test(arguments: BundledGrammarsCompileTests.grammarFiles)
    func everyCheckedPatternFindsWhatThePlainOneFinds(file: String) throws {
        let url = BundledGrammarsCompileTests.bundled.languagesDirectory.appendingPathComponent(file)
        var sources: Set<String> = []
        Self.collectPatterns(
            in: try JSONSerialization.jsonObject(with: Data(contentsOf: url)), into: &sources)
        var generator = SeededGenerator(seed: UInt64(file.utf8.count))
        var checked = 0
        var found = 0
        for source in sources.sorted() {
            guard
                let translated = try? OnigurumaTranslator.translate(
                    source, classOracle: PCRE2ClassOracle.shared),
                translated.runStartCheck != nil,
                // Ends that name a begin's groups compile only once resolved.
                let oracle = try? Pattern(translated.source)
            else { continue }
            let pattern = try Pattern(translated: translated, isCacheable: true, shortcuts: [.runStartCheck])
            #expect(pattern.source.contains(#"(?!(?!\G)"#), "the check compiles: \(pattern.source)")
            let pieces = Self.pieces + Self.words(in: source)
            let texts = (0..<60).map { _ in
                (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined() + "\n"
            }
            for text in texts {
                let subject = Array(text.utf8)
                subject.withUnsafeBufferPointer { buffer in
                    for start in 0...subject.count {
                        let expected = oracle.firstMatch(in: buffer, from: start)
                        if expected != nil { found += 1 }
                        #expect(
                            pattern.firstMatch(in: buffer, from: start) == expected,
                            "\(source) in \(text.debugDescription) from \(start)")
                    }
                }
            }
            checked += 1
        }
        #expect(checked > 0, "\(file) has no pattern with a check")
        // A grammar with few checked patterns may check only shapes random text seldom makes
        // (`^={60,}$`); the others must have been compared on matches.
        #expect(checked < 5 || found > checked * 10, "too few matches to compare: \(found) in \(checked)")
    }

    /// The values of `match`, `begin`, `end` and `while` anywhere in a grammar.
    static func collectPatterns(in value: Any, into sources: inout Set<String>) {
        if let dictionary = value as? [String: Any] {
            for (key, inner) in dictionary {
                if ["match", "begin", "end", "while"].contains(key), let source = inner as? String {
                    sources.insert(source)
                } else {
                    collectPatterns(in: inner, into: &sources)
                }
            }
        } else if let array = value as? [Any] {
            for inner in array { collectPatterns(in: inner, into: &sources) }
        }
    }

    /// Up to eight words of two letters or more that `source` spells out, as pieces of text.
    static func words(in source: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in source + " " {
            if character.isASCII, character.isLetter {
                current.append(character)
            } else {
                if current.count >= 2, !words.contains(current) { words.append(current) }
                current = ""
            }
        }
        return Array(words.prefix(8))
    }
}
