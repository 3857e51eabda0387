import RegexTranslation
import Testing

/// The facts a translation reports come from the parse, not from searching the text.
@Suite struct TranslationFactsTests {
    @Test(arguments: [
        ("\\Ga", true), ("\\\\G", false), ("[\\G]", false), ("(?#\\G)a", false), ("(?x)# \\G\na", false),
        ("a|(?:\\G)", true),
    ])
    func anchorGIsReportedOnlyForARealAnchor(_ pattern: String, _ uses: Bool) throws {
        #expect(try OnigurumaTranslator.translate(pattern).usesAnchorG == uses)
    }

    @Test(arguments: [("\\Aa", true), ("\\\\A", false), ("[\\A]", false), ("a", false)])
    func anchorAIsReportedOnlyForARealAnchor(_ pattern: String, _ uses: Bool) throws {
        #expect(try OnigurumaTranslator.translate(pattern).usesAnchorA == uses)
    }

    @Test(arguments: [("a\\Kb", true), ("\\\\K", false), ("[\\K]", false)])
    func matchResetIsReported(_ pattern: String, _ uses: Bool) throws {
        #expect(try OnigurumaTranslator.translate(pattern).usesMatchReset == uses)
    }

    @Test(arguments: [("(a)\\g<1>", true), ("(?<n>a)\\g'n'", true), ("\\\\g<1>", false), ("(a)\\1", false)])
    func subroutineCallsAreReported(_ pattern: String, _ uses: Bool) throws {
        #expect(try OnigurumaTranslator.translate(pattern).usesSubroutineCalls == uses)
    }

    @Test func groupsAndBackReferencesAreCounted() throws {
        let translated = try OnigurumaTranslator.translate("(?<a>x)(y)(?:z)\\1\\k<3>")
        #expect(translated.captureGroupCount == 2)
        #expect(translated.highestBackReference == 3)
        let plain = try OnigurumaTranslator.translate("abc")
        #expect(plain.captureGroupCount == 0 && plain.highestBackReference == 0)
    }

    @Test func ignoredOptionsAreListedAsApproximations() throws {
        #expect(try OnigurumaTranslator.translate("(?W)\\w").approximations == ["option (?W) ignored"])
        #expect(try OnigurumaTranslator.translate("\\w").approximations.isEmpty)
    }
}
