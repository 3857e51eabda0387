import TestSupport
import Testing

@testable import ThemeEngine

/// `ThemeScope.compare` reads bytes where it can; the order must stay JavaScript's, by UTF-16
/// code units, including where UTF-8 and UTF-16 disagree (past U+FFFF against U+E000–U+FFFF).
@Suite struct ThemeScopeOrderTests {
    static let alphabet = [
        "a", "b", ".", "-", "é", "e\u{301}", "日", "\u{E000}", "\u{FFFD}", "\u{FF21}", "😀", "\u{10000}", "𝄞",
    ]

    @Test func stringsAreOrderedByUTF16CodeUnits() {
        var generator = SeededGenerator(seed: 32)
        func string() -> String {
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                Self.alphabet.randomElement(using: &generator)!
            }.joined()
        }
        for _ in 0..<20_000 {
            let (left, right) = (string(), string())
            let expected = left == right ? 0 : (left.utf16.lexicographicallyPrecedes(right.utf16) ? -1 : 1)
            #expect(
                ThemeScope.compare(left, right) == expected,
                "\(Array(left.unicodeScalars)) \(Array(right.unicodeScalars))")
        }
    }

    @Test func aCharacterPastTheBasicPlaneSortsBeforePrivateUseAsInJavaScript() {
        #expect(ThemeScope.compare("😀", "\u{E000}") == -1)
        #expect(ThemeScope.compare("\u{E000}", "😀") == 1)
        #expect(ThemeScope.compare("a😀", "a\u{FFFD}") == -1)
        #expect(ThemeScope.compare("日", "😀") == -1)
    }
}
