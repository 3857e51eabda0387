import GrammarEngine
import Rendering
import Testing
import ThemeEngine

@Suite struct HTMLRendererTests {
    @Test func pagesAreStandaloneWithTheThemeColours() {
        let (text, tokens) = RendererFixtures.document()
        let html = HTMLRenderer(theme: RendererFixtures.theme, title: "a & b").render(
            text: text, tokens: tokens)
        #expect(html.hasPrefix("<!doctype html>\n"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.contains("<title>a &amp; b</title>"))
        #expect(html.contains("color:#F8F8F8;background-color:#101010"))
        #expect(html.contains("<pre"))
        // The newline HTML swallows after <pre> is the renderer's, so a leading text newline stays.
        let leading = HTMLRenderer(theme: RendererFixtures.theme).render(text: "\nx", tokens: [])
        #expect(leading.contains(">\n\nx</pre>"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func textIsEscapedAndStyledWithInlineSpans() {
        let (text, tokens) = RendererFixtures.document()
        let html = HTMLRenderer(theme: RendererFixtures.theme).render(text: text, tokens: tokens)
        #expect(html.contains("<span style=\"color:#C792EA;font-weight:bold\">let</span>"))
        #expect(
            html.contains(
                "<span style=\"color:#A5CC82;background-color:#202830\">&quot;a&lt;b&gt;&amp;c&quot;</span>"))
        #expect(
            html.contains(
                "<span style=\"color:#6E7889;font-style:italic;text-decoration:underline line-through\">// é😀\n</span>"
            ))
        #expect(!html.contains("a<b>"))
        // Default-styled text needs no span.
        #expect(html.contains("</span> s = <span"))
    }

    @Test func escapingCoversEveryMarkupCharacter() {
        #expect(
            HTMLRenderer.escape("<a href='x'>\"&\"</a>")
                == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;")
    }
}

extension HTMLRendererTests {
    /// Every byte escaped, in styled spans and between them: the most the writer can write per
    /// byte of text, which the room it sets aside must hold. Enough spans for two parts.
    @Test func textThatIsAllMarkupCharactersIsWrittenWhole() {
        let count = 20_000
        let text = String(repeating: "\"", count: count) + "&<>'"
        let tokens = (0..<count).map { index in
            DocumentToken(
                range: index..<(index + 1),
                scopes: index % 2 == 0 ? ["source.js", "string.quoted"] : ["source.js"])
        }
        for jobs in [1, 2] {
            let html = HTMLRenderer(theme: RendererFixtures.theme, jobs: jobs).render(
                text: text, tokens: tokens)
            #expect(html.components(separatedBy: "&quot;").count - 1 == count)
            #expect(html.components(separatedBy: "<span style=").count - 1 == count / 2)
            #expect(html.contains("&quot;&amp;&lt;&gt;&#39;</pre>"))
        }
    }
}
