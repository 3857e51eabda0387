import GrammarEngine
import Testing

/// The git commit message grammar on `Fixtures/COMMIT_EDITMSG`, a `git commit --verbose`
/// message with the staged diff below the scissors line.
@Suite struct BundledGrammarsGitCommitTests {
    static let fixture = Result { try GrammarFixture("COMMIT_EDITMSG.txt", language: "git-commit") }

    @Test(arguments: [
        ScopeProbe("«fixup!» Tokenizer", "keyword.other.autosquash.git-commit"),
        ScopeProbe(
            "fixup! «Tokenizer: cache compiled end patterns per»", "markup.heading.subject.git-commit"),
        ScopeProbe("fixup! «Tokenizer: cache»", "meta.line.summary.git-commit"),
        ScopeProbe(
            "resolved «back-reference text»", "invalid.deprecated.line-too-long.git-commit"),
        ScopeProbe.without("«This summary line is deliberately»", "markup.heading"),
        ScopeProbe.without("«Heredoc names and Markdown fences»", "comment"),
        ScopeProbe("Fixes «#142»", "constant.other.reference.issue.git-commit"),
        ScopeProbe("see «9fceb02»", "constant.other.hash.git-commit"),
        ScopeProbe("«`closingPattern`»", "markup.inline.raw.git-commit"),
        ScopeProbe("«-» keep a bounded map", "punctuation.definition.list.begin.git-commit"),
        ScopeProbe("«Signed-off-by»: Ada", "entity.other.attribute-name.trailer.git-commit"),
        ScopeProbe("Signed-off-by: «Ada Lovelace»", "string.unquoted.trailer.git-commit"),
        ScopeProbe("Grace Hopper <«grace@example.com»>", "markup.underline.link.email.git-commit"),
        ScopeProbe("«# Please enter the commit message»", "comment.line.number-sign.git-commit"),
        ScopeProbe("«#» Please enter", "punctuation.definition.comment.git-commit"),
        ScopeProbe("# On branch «grammars-a»", "entity.name.branch.git-commit"),
        ScopeProbe("#\t«modified»:", "keyword.other.status.git-commit"),
        ScopeProbe(
            "#\tmodified:   «Sources/GrammarEngine/Grammar/Grammar+Patterns.swift»", "string.unquoted"),
        ScopeProbe(
            "# «------------------------ >8 ------------------------»", "meta.separator.scissors.git-commit"),
        ScopeProbe("«# Do not modify or remove the line above.»", "comment.line.number-sign.git-commit"),
        ScopeProbe("«diff --git a/Sources»", "meta.embedded.diff.git-commit"),
        ScopeProbe("«diff» --git a/Sources", "keyword.other.diff.command.diff"),
        ScopeProbe("«@@ -10,3 +10,4 @@»", "meta.diff.range.unified.diff"),
        ScopeProbe("«-        let source = RegexSource(resolved)»", "markup.deleted.diff"),
        ScopeProbe("«+        if rule.resolvedEnds.count >= 64»", "markup.inserted.diff"),
        ScopeProbe.without("«+        if rule.resolvedEnds.count >= 64»", "comment"),
    ])
    func scopesAtProbes(probe: ScopeProbe) throws {
        try Self.fixture.get().check(probe)
    }

    @Test func fixtureHasNoDisabledPatternAndStaysInTheDiffAfterTheScissors() throws {
        let fixture = try Self.fixture.get()
        // The scissors rule never closes: everything below it is the diff.
        #expect(fixture.endStateDepth == fixture.initialDepth + 1)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }
}
