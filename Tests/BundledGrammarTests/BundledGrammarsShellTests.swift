import GrammarEngine
import Testing

/// The shell grammar on `Fixtures/sample.sh`, a bash release script.
@Suite struct BundledGrammarsShellTests {
    static let fixture = Result { try GrammarFixture("sample.sh.txt", language: "shellscript") }

    @Test(arguments: [
        ScopeProbe("«#!/usr/bin/env bash»", "comment.line.number-sign.shebang.shell"),
        ScopeProbe("«# Release helper»", "comment.line.number-sign.shell"),
        ScopeProbe("«set» -euo", "support.function.builtin.shell"),
        ScopeProbe("set «-euo» pipefail", "constant.other.option.shell"),
        ScopeProbe("readonly «VERSION»=", "variable.other.assignment.shell"),
        ScopeProbe("readonly VERSION«=»", "keyword.operator.assignment.shell"),
        ScopeProbe("\"«${1:-0.1.0}»\"", "meta.parameter-expansion.shell"),
        ScopeProbe("${1«:-»0.1.0}", "keyword.operator.expansion.shell"),
        ScopeProbe("«TARGETS»=(linux", "variable.other.assignment.shell"),
        ScopeProbe("TARGETS=«(»linux", "punctuation.definition.array.begin.shell"),
        ScopeProbe("count=«0»", "constant.numeric.integer.shell"),
        ScopeProbe("«log»() {", "entity.name.function.shell"),
        ScopeProbe("«log() {»", "meta.function.shell"),
        ScopeProbe("«printf» '%s", "support.function.builtin.shell"),
        ScopeProbe("'«%s [%s] %s\\n»'", "string.quoted.single.shell"),
        ScopeProbe("\"«$(»date", "meta.embedded.substitution.shell"),
        ScopeProbe("\"$(«date» +%H", "entity.name.command.shell"),
        ScopeProbe("\"$(date +%H:%M:%S)\" \"«$1»\"", "variable.other.positional.shell"),
        ScopeProbe("«>&2»", "keyword.operator.redirect.shell"),
        ScopeProbe("«function» upload", "storage.type.function.shell"),
        ScopeProbe("function «upload»", "entity.name.function.shell"),
        ScopeProbe("«curl» --fail", "entity.name.command.shell"),
        ScopeProbe("\"«$file»\"", "variable.other.normal.shell"),
        ScopeProbe("\"«https://example.com/releases/»", "string.quoted.double.shell"),
        ScopeProbe("${file«##»*/}", "keyword.operator.expansion.shell"),
        ScopeProbe("|| «return» 1", "support.function.builtin.shell"),
        ScopeProbe("«if» [[ -z", "keyword.control.shell"),
        ScopeProbe("if «[[» -z", "punctuation.definition.logical-expression.begin.shell"),
        ScopeProbe("[[ «-z» \"${GITHUB", "keyword.operator.test.shell"),
        ScopeProbe("«$#» -gt", "variable.language.special.shell"),
        ScopeProbe("$# «-gt» 0", "keyword.operator.comparison.shell"),
        ScopeProbe("]]; «then»", "keyword.control.shell"),
        ScopeProbe("no token for «$USER» in", "variable.other.normal.shell"),
        ScopeProbe("«elif» [ -f", "keyword.control.shell"),
        ScopeProbe("release «2>&1»", "keyword.operator.redirect.shell"),
        ScopeProbe("2>&1 «|» tee", "keyword.operator.pipe.shell"),
        ScopeProbe("| «tee» build.log", "entity.name.command.shell"),
        ScopeProbe("for «target» in", "variable.other.loop.shell"),
        ScopeProbe("for target «in»", "keyword.control.shell"),
        ScopeProbe("\"${TARGETS[«@»]}\"; do", "keyword.operator.expansion.shell"),
        ScopeProbe("count=«$((»count", "punctuation.definition.arithmetic.begin.shell"),
        ScopeProbe("$((count «+» 1))", "keyword.operator.arithmetic.shell"),
        ScopeProbe("${«#»TARGETS[@]}", "keyword.operator.expansion.shell"),
        ScopeProbe("${#«TARGETS»[@]}", "variable.other.bracket.shell"),
        ScopeProbe("«case» \"$(uname", "keyword.control"),
        ScopeProbe("«Linux»|FreeBSD)", "string.unquoted.case-pattern.shell"),
        ScopeProbe("Linux«|»FreeBSD)", "keyword.operator.pattern.alternation.shell"),
        ScopeProbe("os=linux «;;»", "punctuation.terminator.case-clause.shell"),
        ScopeProbe("Darwin«*»)", "keyword.operator.glob.shell"),
        ScopeProbe("\"«unknown: $'x'»\"", "string.quoted.double.shell"),
        ScopeProbe("«esac»", "keyword.control"),
        ScopeProbe("cat «<<»EOF", "keyword.operator.heredoc.shell"),
        ScopeProbe("cat <<«EOF» >", "keyword.control.heredoc-token.shell"),
        ScopeProbe("cat <<EOF «>» notes.md", "keyword.operator.redirect.shell"),
        ScopeProbe("«Release »$VERSION for", "string.unquoted.heredoc.shell"),
        ScopeProbe("Release «$VERSION» for", "variable.other.normal.shell"),
        ScopeProbe("Built on «$(hostname)»", "meta.embedded.substitution.shell"),
        ScopeProbe("at «`date`»", "string.interpolated.backtick.shell"),
        ScopeProbe("«No $expansion here, nor $(commands).»", "string.quoted.heredoc.shell"),
        ScopeProbe("«After an empty line, still the heredoc.»", "string.unquoted.heredoc.shell"),
        ScopeProbe("( («echo» nested subshells) )", "support.function.builtin.shell"),
        ScopeProbe.without("«( (»echo nested", "meta.arithmetic"),
        ScopeProbe("    «case» \"$1\" in", "keyword.control.case.shell"),
        ScopeProbe("-v) «shift» ;;", "support.function.builtin.shell"),
        ScopeProbe.without("No «$expansion» here", "variable"),
        ScopeProbe("«RAW»\n\nwhile", "keyword.control.heredoc-token.shell"),
        ScopeProbe("«while» read", "keyword.control.shell"),
        ScopeProbe("(( count«++» ))", "keyword.operator.arithmetic.shell"),
        ScopeProbe("$line «=~» ^v", "keyword.operator.comparison.shell"),
        ScopeProbe("done < «<(»git", "meta.embedded.process-substitution.shell"),
        ScopeProbe("./«*».swift", "keyword.operator.glob.shell"),
        ScopeProbe("$'tab:«\\t»here'", "constant.character.escape.shell"),
        ScopeProbe.without("echo «done» with", "keyword"),
        ScopeProbe("«# trailing comment»", "comment.line.number-sign.shell"),
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
