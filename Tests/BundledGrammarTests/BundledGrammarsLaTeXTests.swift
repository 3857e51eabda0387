import GrammarEngine
import Testing

/// The LaTeX grammar on `Fixtures/sample.tex`.
@Suite struct BundledGrammarsLaTeXTests {
    static let fixture = Result { try GrammarFixture("sample.tex.txt", language: "latex") }

    @Test(arguments: [
        ScopeProbe("\\«documentclass»[11pt", "keyword.control.preamble.latex"),
        ScopeProbe("[«11pt,a4paper»]", "variable.parameter.optional.latex"),
        ScopeProbe("{«article»}", "support.class.latex"),
        ScopeProbe("\\usepackage{«amsmath, hyperref»}", "support.class.latex"),
        ScopeProbe("«% Preamble comment»", "comment.line.percentage.tex"),
        ScopeProbe("«%» Preamble", "punctuation.definition.comment.tex"),
        ScopeProbe("\\«newcommand»{\\R}", "storage.type.function.latex"),
        ScopeProbe("\\newcommand{«\\R»}", "entity.name.function.latex"),
        ScopeProbe("\\newcommand{\\R}{\\«mathbb»{R}}", "support.function.general.tex"),
        ScopeProbe("\\left\\lVert«#1»", "variable.parameter.macro.latex"),
        ScopeProbe("\\«begin»{document}", "support.function.be.latex"),
        ScopeProbe("\\begin{«document»}", "variable.parameter.function.latex"),
        ScopeProbe("«\\section»{Introduction", "markup.heading.section.latex"),
        ScopeProbe("\\section{«Introduction to »", "entity.name.section.latex"),
        ScopeProbe("\\section{«Introduction to »", "markup.heading"),
        ScopeProbe("Introduction to \\«LaTeX»{} tokens", "entity.name.section.latex"),
        ScopeProbe("\\«label»{sec:intro}", "keyword.control.label.latex"),
        ScopeProbe("\\label{«sec:intro»}", "entity.name.label.latex"),
        ScopeProbe("\\«textbf»{bold", "support.function.textstyle.latex"),
        ScopeProbe("\\textbf{«bold with »", "markup.bold.latex"),
        ScopeProbe("bold with {«nested»} braces", "markup.bold.latex"),
        ScopeProbe("{nested}« braces»}", "markup.bold.latex"),
        ScopeProbe("\\emph{«emphasis»}", "markup.italic.latex"),
        ScopeProbe("\\textit{«italic»}", "markup.italic.latex"),
        ScopeProbe("\\underline{«underlined»}", "markup.underline.latex"),
        ScopeProbe.without("}« text costs »", "markup"),
        ScopeProbe("costs «\\$»5", "constant.character.escape.latex"),
        ScopeProbe("5 «\\&» more", "constant.character.escape.latex"),
        ScopeProbe("more«~»here", "keyword.operator.nbsp.latex"),
        ScopeProbe("\\«ref»{sec:intro}", "keyword.control.ref.latex"),
        ScopeProbe("\\ref{«sec:intro»}", "constant.other.reference.latex"),
        ScopeProbe("\\cite[p.~3]{«knuth84»}", "constant.other.reference.latex"),
        ScopeProbe("Inline math «$a^2 + b_i = \\alpha$»", "string.other.math.tex"),
        ScopeProbe("$a«^»2", "keyword.operator.script.math.tex"),
        ScopeProbe("= «\\alpha»$", "constant.character.math.tex"),
        ScopeProbe("and «\\(x \\in \\R\\)»", "string.other.math.tex"),
        ScopeProbe("«\\subsection*{Details}»", "markup.heading.subsection.latex"),
        ScopeProbe("{\\bf« old-style bold»}", "markup.bold.latex"),
        ScopeProbe("\\texttt{«monospace»}", "markup.raw"),
        ScopeProbe("\\verb|«\\raw{text}»|", "markup.raw.verb.latex"),
        ScopeProbe("\\url{«https://example.com/a_b»}", "markup.underline.link.latex"),
        ScopeProbe("\\«item» First", "keyword.other.item.latex"),
        ScopeProbe("First «\\\\»", "keyword.other.newline.latex"),
        ScopeProbe("«E = mc^2»", "string.other.math.block.tex"),
        ScopeProbe("\\begin{«equation»}", "meta.math.block.latex"),
        ScopeProbe("E = mc^2 \\label{«eq:energy»}", "entity.name.label.latex"),
        ScopeProbe("\\text{«where »}", "meta.text.normal.tex"),
        ScopeProbe("\\[ «\\sum»_{k=1}", "constant.character.math.tex"),
        ScopeProbe("«\\[» \\sum", "string.other.math.block.tex"),
        ScopeProbe("\\frac{n(n+1)}{«2»}", "constant.numeric.math.tex"),
        ScopeProbe("costs 5«$» only", "punctuation.definition.string.begin.tex"),
        ScopeProbe.without("«after the paragraph break »", "string.other.math"),
        ScopeProbe("\\emph{«plain»} again", "markup.italic.latex"),
        ScopeProbe("«\\section{not a heading} $not math$ % not a comment»", "markup.raw.verbatim.latex"),
        ScopeProbe.without("«\\section{not a heading} $not math$ % not a comment»", "markup.heading"),
        ScopeProbe.without("«\\section{not a heading} $not math$ % not a comment»", "comment"),
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
