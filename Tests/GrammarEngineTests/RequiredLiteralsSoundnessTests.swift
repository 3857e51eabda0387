import Foundation
import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// Skipping searches by required literals never hides a match: PCRE2 itself is the oracle.
@Suite struct RequiredLiteralsSoundnessTests {
    /// A random Oniguruma pattern over a small alphabet, with the constructs the literal reader
    /// handles and some it gives up on.
    static func pattern(depth: Int, using generator: inout SeededGenerator) -> String {
        let atoms = [
            "ab", "abc", "ca", "b", "cab", "a", "[ab]", #"[\(<]"#, ".", #"\b"#, "^", "$", #"\s"#, "bca",
        ]
        guard depth > 0, Int.random(in: 0..<3, using: &generator) > 0 else {
            return atoms.randomElement(using: &generator)!
        }
        let inner = { (generator: inout SeededGenerator) in pattern(depth: depth - 1, using: &generator) }
        switch Int.random(in: 0..<12, using: &generator) {
        case 0, 1, 2: return inner(&generator) + inner(&generator)
        case 3: return "(?:\(inner(&generator))|\(inner(&generator)))"
        case 4: return "(\(inner(&generator)))"
        case 5:
            return "(?:\(inner(&generator)))" + ["?", "*", "+", "{1}", "{2}", "{0,1}"].randomElement(
                using: &generator)!
        case 6: return "(?=\(inner(&generator)))"
        case 7: return "(?!\(inner(&generator)))"
        case 8: return "(?<=ab)" + inner(&generator)
        case 9: return "(?<!c)" + inner(&generator)
        case 10: return "(?i:\(inner(&generator)))"
        default: return inner(&generator) + "|" + inner(&generator)
        }
    }

    static func subject(using generator: inout SeededGenerator) -> String {
        let characters = Array("abcABC (<\t")
        let length = Int.random(in: 0..<24, using: &generator)
        return String((0..<length).map { _ in characters.randomElement(using: &generator)! }) + "\n"
    }

    static func contains(_ subject: [UInt8], _ literal: [UInt8], from start: Int) -> Bool {
        guard literal.count <= subject.count - start else { return false }
        return (start...(subject.count - literal.count)).contains {
            subject[$0..<($0 + literal.count)].elementsEqual(literal)
        }
    }

    @Test(arguments: 0..<4)
    func everyMatchHoldsARequiredLiteral(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var checkedMatches = 0
        for _ in 0..<300 {
            let source = Self.pattern(depth: 4, using: &generator)
            let translated = try OnigurumaTranslator.translate(source)
            guard !translated.requiredLiterals.isEmpty else { continue }
            let pattern = try Pattern(translated.source)
            for _ in 0..<20 {
                let subject = Array(Self.subject(using: &generator).utf8)
                try subject.withUnsafeBufferPointer { buffer in
                    for start in 0...subject.count {
                        guard pattern.firstMatch(in: buffer, from: start) != nil else { continue }
                        checkedMatches += 1
                        let held = translated.requiredLiterals.contains {
                            Self.contains(subject, $0, from: start)
                        }
                        try #require(
                            held,
                            "\(source) matched \(String(decoding: subject, as: UTF8.self).debugDescription) from \(start) without \(translated.requiredLiterals.map { String(decoding: $0, as: UTF8.self) })"
                        )
                    }
                }
            }
        }
        #expect(checkedMatches > 100, "too few matches of patterns with literals: \(checkedMatches)")
    }

    @Test(arguments: 0..<4)
    func grammarsOfRandomPatternsTokenizeAlikeWithAndWithoutTheFilter(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed + 100)
        for _ in 0..<40 {
            let rules = (0..<4).map { index in
                let source = Self.pattern(depth: 3, using: &generator)
                let escaped = String(data: try! JSONEncoder().encode(source), encoding: .utf8)!
                return #"{"match": \#(escaped), "name": "r\#(index)"}"#
            }
            let json = #"{"scopeName": "source.r", "patterns": [\#(rules.joined(separator: ", "))]}"#
            var plain = Grammar.Configuration()
            plain.prefiltersSearches = false
            let unfiltered = try GrammarFixtures.grammar(json, configuration: plain)
            let filtered = try GrammarFixtures.grammar(json)
            let text = (0..<12).map { _ in Self.subject(using: &generator) }.joined()
            #expect(
                filtered.tokenizeDocument(text, jobs: 1) == unfiltered.tokenizeDocument(text, jobs: 1),
                "\(json)")
        }
    }

    /// Keyword lists long enough to be looked up through the line's windows (a bitmap of keys)
    /// rather than slot by slot, with words of two bytes (bigram keys) and of three or more.
    @Test(arguments: [2, 3])
    func longKeywordListsTokenizeAlikeWithAndWithoutTheFilter(shortest: Int) throws {
        var generator = SeededGenerator(seed: UInt64(shortest))
        let letters = Array("abcd")
        let words = Set(
            (0..<60).map { _ in
                String(
                    (0..<Int.random(in: shortest...5, using: &generator)).map { _ in
                        letters.randomElement(using: &generator)!
                    })
            })
        let json =
            #"{"scopeName": "source.k", "patterns": [{"match": "\\b(\#(words.sorted().joined(separator: "|")))\\b", "name": "k"}]}"#
        var plain = Grammar.Configuration()
        plain.prefiltersSearches = false
        let unfiltered = try GrammarFixtures.grammar(json, configuration: plain)
        let filtered = try GrammarFixtures.grammar(json)
        let text = (0..<400).map { _ in
            String(
                (0..<Int.random(in: 0..<30, using: &generator)).map { _ in
                    Array("abcde ").randomElement(using: &generator)!
                }) + "\n"
        }.joined()
        let expected = unfiltered.tokenizeDocument(text, jobs: 1)
        #expect(expected.contains { $0.scopes.last == "k" }, "the text should hold some keywords")
        #expect(filtered.tokenizeDocument(text, jobs: 1) == expected)
    }

    /// Tokens of random lines made of `pieces`, with the prefilter on and off, after checking
    /// that the lines gave each of `scopes` somewhere.
    static func expectAlikeWithAndWithoutTheFilter(
        _ json: String, pieces: [String], scopes: [String], seed: UInt64
    ) throws {
        var generator = SeededGenerator(seed: seed)
        var plain = Grammar.Configuration()
        plain.prefiltersSearches = false
        let unfiltered = try GrammarFixtures.grammar(json, configuration: plain)
        let filtered = try GrammarFixtures.grammar(json)
        let text = (0..<400).map { _ in
            (0..<Int.random(in: 0..<8, using: &generator)).map { _ in pieces.randomElement(using: &generator)!
            }
            .joined()
        }.joined(separator: "\n")
        let expected = unfiltered.tokenizeDocument(text, jobs: 1)
        for scope in scopes {
            #expect(expected.contains { $0.scopes.last == scope }, "no \(scope) token in the text")
        }
        #expect(filtered.tokenizeDocument(text, jobs: 1) == expected)
    }

    /// Sets that mix one-byte literals with longer ones (a method declaration needs `(`, `<`,
    /// `constructor` or `new`), and a set of one-byte literals alone: lines holding only the
    /// one-byte ones, only the longer ones, both or neither, at various places relative to
    /// the search start.
    @Test(arguments: 0..<3)
    func setsWithOneByteLiteralsTokenizeAlikeWithAndWithoutTheFilter(seed: UInt64) throws {
        let json = #"""
            {"scopeName": "source.m", "patterns": [
              {"match": "\\b(?:new|constructor)\\b|[a-z]+(?=\\s*[(<])", "name": "callable"},
              {"match": "(?:ab|cd)?:", "name": "colon"},
              {"match": "[a-z]+", "name": "word"}
            ]}
            """#
        try Self.expectAlikeWithAndWithoutTheFilter(
            json, pieces: ["new", "constructor", "x", "f(", "g <", "(", "<", ":", "ab:", " ", "cd", "word"],
            scopes: ["callable", "colon"], seed: seed + 200)
    }

    /// Keyword lists between word boundaries skip lines where no keyword stands whole; the
    /// words here sit beside digits, `_`, `$`, dots, non-ASCII letters (Unicode word
    /// characters) and non-ASCII punctuation (not word characters).
    @Test(arguments: 0..<3)
    func wholeWordListsTokenizeAlikeWithAndWithoutTheFilter(seed: UInt64) throws {
        let json = #"""
            {"scopeName": "source.w", "patterns": [
              {"match": "(?<!\\.)\\b(fs|os|net2|child_process|Document|plugins\\.refresh)\\b(?!\\$)", "name": "module"},
              {"match": "\\b(?:(if|else)|(return))\\b", "name": "keyword"},
              {"match": "(\\.)\\s*(?:value|width)\\b", "name": "property"},
              {"match": "(\\.)\\s*(toggle|write)(?=\\s*\\()", "name": "method"},
              {"match": "[a-z]+", "name": "word"}
            ]}
            """#
        try Self.expectAlikeWithAndWithoutTheFilter(
            json,
            pieces: [
                "fs", "os", "net2", "child_process", "Document", "if", "else", "return", "x", "_", "1", "$",
                ".",
                " ", "é", "—", "(", "fsx", "xos", "value", "width", "toggle", "write", ". ", "valuex",
                ".toggle(", ". write (", ".value", "plugins.refresh", "plugins", ".refresh",
            ],
            scopes: ["module", "keyword", "property", "method"], seed: seed + 300)
        // `plugins.refresh` stands for its leading word `plugins`.
        let grammar = try GrammarFixtures.grammar(json)
        #expect(
            grammar.tokenizeDocument("x plugins.refresh y", jobs: 1).contains { $0.scopes.last == "module" })
    }

    /// A capture retokenized on its own sees its end as the subject's end, where `\b` holds
    /// even if the line goes on with word characters: `if` in `ifx` is a whole word there.
    @Test func aKeywordAtTheEndOfARetokenizedCaptureIsFound() throws {
        let json = #"""
            {"scopeName": "source.c", "patterns": [
              {"match": "(if)x", "name": "outer", "captures": {"1": {"patterns": [
                {"match": "\\b(if|else)\\b", "name": "keyword"}
              ]}}}
            ]}
            """#
        var plain = Grammar.Configuration()
        plain.prefiltersSearches = false
        let text = "ifx else\n  ifx"
        let expected = try GrammarFixtures.grammar(json, configuration: plain).tokenizeDocument(text, jobs: 1)
        #expect(expected.contains { $0.scopes.last == "keyword" })
        #expect(try GrammarFixtures.grammar(json).tokenizeDocument(text, jobs: 1) == expected)
    }
}
