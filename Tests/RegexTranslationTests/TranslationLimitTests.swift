import RegexTranslation
import Testing

/// Hostile patterns a grammar file may hold: numbers and repeat counts near `Int.max`, and
/// look-behinds whose rewriting would grow without bound. Each must fail to translate (its rule
/// is then disabled and reported) rather than trap or hang.
@Suite struct TranslationLimitTests {
    private func translationError(_ pattern: String) -> PatternTranslationError? {
        do {
            _ = try OnigurumaTranslator.translate(pattern)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        "()\\g<+9223372036854775807>",
        "()(?(+9223372036854775807)a)",
        "()(?(<+9223372036854775807>)a)",
        "()\\k<-9223372036854775807>",
        "()\\g<-9223372036854775807>",
        "()\\g<+65536>",
        "()\\k<65536>",
    ])
    func groupReferencesPastTheGroupLimitAreRejected(_ pattern: String) {
        let error = translationError(pattern)
        #expect(error?.message == "too big backref number")
        #expect(error?.offset == 2)
    }

    @Test func relativeReferencesWithinTheLimitStillTranslate() throws {
        #expect(try OnigurumaTranslator.translate("(a)\\g<-1>").source == "(a)(?1)")
        #expect(try OnigurumaTranslator.translate("\\g<+1>(a)").source == "(?1)(a)")
    }

    @Test(arguments: [
        "(?<=a{65535}{65535}{65535}{65535})",
        "(?<=(?:(?:a{65535}){65535}){65535}b{65535})",
        "(?<=(?:x|yz)(?:a{65535}){65535}{65535})",
        "(?<=a{65535}b)",
    ])
    func lookBehindsLongerThanPCRE2AcceptsAreRejected(_ pattern: String) {
        let error = translationError(pattern)
        #expect(error?.message.contains("look-behind") == true, "\(String(describing: error))")
        #expect(error?.offset == 0)
    }

    @Test func aLookBehindOfExactlyTheMaximumLengthStillTranslates() throws {
        #expect(try OnigurumaTranslator.translate("(?<=a{65535})").source == "(?<=a{65535})")
    }

    // Before the size budget, hoisting this copied ever longer partial branches: quadratic in
    // the pattern's length, minutes for a grammar-sized pattern.
    @Test(.timeLimit(.minutes(1)))
    func hoistingAHugeLookBehindStopsAtTheSizeBudget() {
        let pattern = "(?<=(?:a|bc)" + String(repeating: "x", count: 60_000) + ")"
        #expect(translationError(pattern)?.message.contains("look-behind") == true)
        let repeated = "(?<=(?:a|bc)(?:" + String(repeating: "x", count: 1_000) + "){65535,65535})"
        #expect(translationError(repeated)?.message.contains("look-behind") == true)
    }

}
