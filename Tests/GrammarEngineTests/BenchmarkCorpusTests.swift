import Foundation
import GrammarEngine
import Testing

/// Pins the tokens of the benchmark documents, so performance work cannot change a token.
///
/// Each document's tokens (byte ranges and scope names) are folded into an FNV-1a digest that
/// was recorded before the tokenizer was optimized. Documents that are not on this machine
/// are skipped.
@Suite struct BenchmarkCorpusTests {
    static let folder = "/work/shared/data/benchmark"

    struct Case: Sendable, CustomStringConvertible {
        var document: String
        var grammar: String
        var tokenCount: Int
        var digest: UInt64
        var description: String { document }
    }

    static let cases: [Case] = [
        Case(
            document: "large.js", grammar: "JavaScript.tmLanguage.json",
            tokenCount: 73900, digest: 0x3872_fc79_0a22_4cda),
        Case(
            document: "large.min.js", grammar: "JavaScript.tmLanguage.json",
            tokenCount: 29735, digest: 0xf90c_86f3_5992_e7bb),
        Case(
            document: "minified.js", grammar: "JavaScript.tmLanguage.json",
            tokenCount: 1088, digest: 0xc198_e505_31bb_cd6b),
        Case(
            document: "bootstrap.css", grammar: "css.tmLanguage.json",
            tokenCount: 35858, digest: 0xce8b_b9ee_681f_4140),
        Case(
            document: "bootstrap.min.css", grammar: "css.tmLanguage.json",
            tokenCount: 5863, digest: 0x71e0_e9f3_e78e_8eb6),
        Case(
            document: "main.08642f99.css", grammar: "css.tmLanguage.json",
            tokenCount: 5549, digest: 0xee25_4df6_c79c_3c35),
        Case(
            document: "vscode.d.ts", grammar: "TypeScript.tmLanguage.json",
            tokenCount: 24490, digest: 0x5dc8_ab33_4bc2_2e9c),
    ]

    static func digest(_ tokens: [DocumentToken]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        func mix(_ value: Int) {
            for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        for token in tokens {
            mix(token.range.lowerBound)
            mix(token.range.upperBound)
            for scope in token.scopes {
                for byte in scope.utf8 { mix(byte) }
                mix(UInt8(0))
            }
            mix(UInt8(1))
        }
        return hash
    }

    @Test(arguments: cases)
    func benchmarkDocumentsKeepTheirTokens(_ entry: Case) throws {
        let documentPath = "\(Self.folder)/\(entry.document)"
        let grammarPath = "\(Self.folder)/\(entry.grammar)"
        guard FileManager.default.fileExists(atPath: documentPath),
            FileManager.default.fileExists(atPath: grammarPath)
        else { return }
        // No time budget per line: the pinned tokens are the whole lines', and minified.js's
        // one long line took more than the default 500 ms in a debug build on a loaded machine
        // (143 of its 1,088 tokens).
        var configuration = Grammar.Configuration()
        configuration.lineTimeBudget = nil
        let registry = GrammarRegistry(configuration: configuration)
        let raw = try registry.load(contentsOf: URL(fileURLWithPath: grammarPath))
        let grammar = try registry.grammar(scopeName: raw.scopeName)
        let text = try String(contentsOfFile: documentPath, encoding: .utf8)
        let tokens = grammar.tokenizeDocument(text)
        let digest = Self.digest(tokens)
        print("corpus \(entry.document): \(tokens.count) tokens, digest 0x\(String(digest, radix: 16))")
        #expect(tokens.count == entry.tokenCount)
        #expect(digest == entry.digest)
    }
}
