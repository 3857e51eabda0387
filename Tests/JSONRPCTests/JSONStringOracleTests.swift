import Foundation
import JSONRPC
import Testing

/// JSON strings read by our parser against Foundation's `JSONSerialization`, an independent
/// reader: random mixes of plain runs, multi-byte text and every escape, and broken strings
/// both must refuse.
@Suite struct JSONStringOracleTests {
    static let pieces = [
        "plain text ", "é", "😀", "中文", #"\n"#, #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\r"#, #"\t"#,
        #"\u00e9"#, #"\u4E2D"#, #"\ud83d\ude00"#, #"\u0000"#, "x", String(repeating: "long run ", count: 40),
    ]

    @Test func stringsWithAnyEscapesReadAsFoundationReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let body = (0..<Int.random(in: 0..<30, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let text = #"["\#(body)"]"#
            let expected = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String], "\(text)")
            let value = try JSONValue(parsing: Data(text.utf8))
            #expect(value == .array([.string(expected[0])]), "\(text)")
        }
    }

    @Test(arguments: [
        #"["abc"#, #"["abc\"#, #"["a\qb"]"#, #"["a\u12"]"#, #"["a\u12G4"]"#, "[\"a\u{01}b\"]",
        "[\"\\n\u{0A}\"]",
        "[\"abcdefghijklmnop\u{1F}qrstuvwxyz\"]", "[\"abcdefghijklmnopqrstuvwxyz\u{0A}\"]",
        #"["\\\"]"#,
    ])
    func brokenStringsAreRefusedByBoth(text: String) {
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(text.utf8)) }
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        let value = try JSONValue(parsing: Data(#"["a\ud800b\udc00c"]"#.utf8))
        #expect(value == .array([.string("a\u{FFFD}b\u{FFFD}c")]))
    }
}
