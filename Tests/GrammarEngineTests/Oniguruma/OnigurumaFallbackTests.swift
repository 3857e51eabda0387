import Foundation
import RegexTranslation
import Testing

@testable import GrammarEngine

/// Patterns PCRE2 cannot run at all run on Oniguruma itself, rule by rule, and the rest of
/// the grammar is unchanged.
struct OnigurumaFallbackTests {
    static func grammar(_ patterns: [(match: String, name: String)]) throws -> Grammar {
        let rules: [RawValue] = patterns.map {
            .object([("match", .string($0.match)), ("name", .string($0.name))])
        }
        let raw = try RawGrammar(
            .object([("scopeName", .string("source.fallback")), ("patterns", .array(rules))]))
        return Grammar(raw, sources: Grammar.Sources(grammar: { _ in nil }))
    }

    /// The scope names of each token of a one-line document, as `text: scope` pairs.
    static func scopes(_ grammar: Grammar, _ line: String) -> [String] {
        let bytes = Array(line.utf8)
        return grammar.tokenizeDocument(line).map { token in
            let text = String(decoding: bytes[token.range.clamped(to: 0..<bytes.count)], as: UTF8.self)
            return "\(text): \(token.scopes.dropFirst().joined(separator: " "))"
        }
    }

    @Test(arguments: [
        #"(?<=^[ \t]*)key"#,  // unbounded look-behind
        #"(?<=^\S+)="#,  // unbounded, and after any word
        #"(?<=(?:a|bc)(d))x"#,  // a capture in a look-behind of varying length
    ])
    func aPatternPCRE2RefusesRunsOnOniguruma(source: String) throws {
        #expect(throws: (any Error).self) {
            _ = try Pattern(try OnigurumaTranslator.translate(source).source)
        }
        let grammar = try Self.grammar([(source, "keyword.fallback"), (#"\d+"#, "constant.numeric")])
        _ = Self.scopes(grammar, "  key = 12 aax")
        #expect(grammar.diagnostics.isEmpty, "\(grammar.diagnostics)")
        #expect(grammar.compileAllPatterns().isEmpty)
    }

    @Test func fallbackMatchesScopeTheRightText() throws {
        let grammar = try Self.grammar([
            (#"(?<=^[ \t]*)key"#, "keyword.leading"), (#"(?<=^\S+)="#, "keyword.operator"),
            (#"(?<=(?:a|bc)(d))x"#, "keyword.doubled"), (#"\d+"#, "constant.numeric"),
        ])
        #expect(
            Self.scopes(grammar, "  key key 12") == [
                "  : ", "key: keyword.leading", " key : ", "12: constant.numeric",
            ])
        #expect(Self.scopes(grammar, "a=b c=") == ["a: ", "=: keyword.operator", "b c=: "])
        #expect(
            Self.scopes(grammar, "adx bcdx cdx") == [
                "ad: ", "x: keyword.doubled", " bcd: ", "x: keyword.doubled", " cdx: ",
            ])
    }

    @Test func aPatternPastPCRE2sSizeLimitRunsOnOniguruma() throws {
        // A keyword list far larger than PCRE2's compiled-size limit, as some grammars have.
        let words = (0..<12_000).map { "kw\($0)x" }
        let source = "\\b(?:" + words.joined(separator: "|") + ")\\b"
        #expect(throws: (any Error).self) {
            _ = try Pattern(try OnigurumaTranslator.translate(source).source)
        }
        let grammar = try Self.grammar([(source, "keyword.listed")])
        #expect(Self.scopes(grammar, "a kw11999x b") == ["a : ", "kw11999x: keyword.listed", " b: "])
        #expect(grammar.diagnostics.isEmpty, "\(grammar.diagnostics)")
    }

    @Test func aPatternBothEnginesRefuseIsStillDisabledAndReported() throws {
        let grammar = try Self.grammar([(#"(?<=a"#, "broken"), (#"\d+"#, "constant.numeric")])
        #expect(Self.scopes(grammar, "a 12") == ["a : ", "12: constant.numeric"])
        #expect(grammar.diagnostics.count == 1)
        #expect("\(grammar.diagnostics[0])".contains("disabled"))
    }

    @Test func aHostilePatternOnOnigurumaEndsInNoMatch() throws {
        let pattern = try Pattern(oniguruma: #"(?<=^\s*)(a|aa)+$"#, isCacheable: true)
        var subject = String(repeating: "a", count: 5_000) + "b"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            subject.withUTF8 { #expect(pattern.firstMatch(in: $0, from: 0) == nil) }
        }
        // Not a timing assertion on speed, a bound on a hang: the retry limits stop the search.
        #expect(elapsed < .seconds(60))
    }
}
