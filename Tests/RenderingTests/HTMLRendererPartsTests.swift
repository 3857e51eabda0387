import GrammarEngine
import Testing
import ThemeEngine

@testable import Rendering

/// The HTML writer's parts, spans merged in one pass and then written side by side, against one
/// pass.
@Suite struct HTMLRendererPartsTests {
    @Test(arguments: [2, 3, 8])
    func partsWrittenSideBySideAreThePassOverTheWhole(jobs: Int) throws {
        let (text, tokens) = ANSIRendererPartsTests.document(lines: 30_000, seed: 33)
        let theme = try Theme.builtIn(named: "dark")
        let parts = HTMLRenderer(theme: theme, title: "long", jobs: jobs).renderParts(
            text: text, tokens: tokens)
        #expect(parts.count >= jobs, "enough spans for a part per job")
        // Parts are kept small even on one thread, so that a long page is handed on as it is
        // written (`OrderedParts`); a part's text is cut from the spans, not from the bytes.
        let whole = HTMLRenderer(theme: theme, title: "long", jobs: 1).renderParts(text: text, tokens: tokens)
        #expect(whole.count > 1)
        // One thread's parts are the reference writer's output (`RendererEquivalenceTests`).
        #expect(parts.joinedBytes() == whole.joinedBytes())
    }

    @Test func anEmptyTextIsStillAPage() throws {
        let theme = try Theme.builtIn(named: "dark")
        let parts = HTMLRenderer(theme: theme, title: "empty", jobs: 4).renderParts(text: "", tokens: [])
        #expect(parts.count == 1)
        #expect(
            String(decoding: parts[0], as: UTF8.self)
                == ReferenceHTMLRenderer(theme: theme, title: "empty").render(text: "", tokens: []))
    }
}
