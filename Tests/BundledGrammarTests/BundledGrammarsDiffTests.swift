import GrammarEngine
import Testing

/// The Diff grammar on `Fixtures/sample.diff` (unified, git, context and normal diffs).
@Suite struct BundledGrammarsDiffTests {
    static let fixture = Result { try GrammarFixture("sample.diff.txt", language: "diff") }

    @Test(arguments: [
        ScopeProbe("«diff --git a/src/main.rs b/src/main.rs»", "meta.diff.header"),
        ScopeProbe("commit «9fceb02d0ae598e95dc970b74767f19372d61af8»", "constant.other.hash.diff"),
        ScopeProbe("«commit» 9fceb02", "keyword.other.commit.diff"),
        ScopeProbe("«Author»: Ada", "keyword.other.header.diff"),
        ScopeProbe("«diff» --git a/src", "keyword.other.diff.command.diff"),
        ScopeProbe("index «3b18e51»..", "constant.other.hash.diff"),
        ScopeProbe("«--- a/src/main.rs»", "meta.diff.header.from-file.diff"),
        ScopeProbe("«---» a/src/main.rs", "punctuation.definition.from-file.diff"),
        ScopeProbe("«+++ b/src/main.rs»", "meta.diff.header.to-file.diff"),
        ScopeProbe("«@@ -1,7 +1,8 @@»", "meta.diff.range.unified.diff"),
        ScopeProbe("«@@» -1,7", "punctuation.definition.range.diff"),
        ScopeProbe("@@ «-1,7» +1,8 @@", "meta.toc-list.line-number.diff"),
        ScopeProbe("@@ -1,7 «+1,8» @@", "meta.toc-list.line-number.diff"),
        ScopeProbe("@@ «fn main() {»", "entity.name.section.diff"),
        ScopeProbe("«-use std::fs;»", "markup.deleted.diff"),
        ScopeProbe("«-»use std::fs;", "punctuation.definition.deleted.diff"),
        ScopeProbe("«+use std::fs::File;»", "markup.inserted.diff"),
        ScopeProbe("«+»use std::path::Path;", "punctuation.definition.inserted.diff"),
        ScopeProbe.without("« use std::io;»", "markup"),
        ScopeProbe("«\\ No newline at end of file»", "comment.line"),
        ScopeProbe("similarity index «90%»", "meta.diff.header"),
        ScopeProbe("rename from «old.txt»", "meta.diff.header.rename.diff"),
        ScopeProbe("new file mode «100755»", "constant.numeric"),
        ScopeProbe("«Binary files» a/logo.png", "meta.diff.header.binary.diff"),
        ScopeProbe("«*** context.c»", "meta.diff.header.from-file.diff"),
        ScopeProbe("«***************»", "meta.diff.range.context.diff"),
        ScopeProbe("«*** 1,3 ****»", "meta.diff.range.context.diff"),
        ScopeProbe("«--- 1,3 ----»", "meta.diff.range.context.diff"),
        ScopeProbe("«! int a = 1;»", "markup.changed.diff"),
        ScopeProbe("«5c5»", "meta.diff.range.normal.diff"),
        ScopeProbe("«< old normal line»", "markup.deleted.diff"),
        ScopeProbe("«> new normal line»", "markup.inserted.diff"),
        ScopeProbe("«Only in src: generated.rs»", "meta.diff.only-in.diff"),
    ])
    func scopesAtProbes(probe: ScopeProbe) throws {
        try Self.fixture.get().check(probe)
    }

    @Test func fixtureEndsInTheRootStateWithNoDisabledPattern() throws {
        let fixture = try Self.fixture.get()
        #expect(fixture.endStateDepth == fixture.initialDepth)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }
}
