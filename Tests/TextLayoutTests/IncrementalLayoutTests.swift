import TestSupport
import Testing
import TextLayout

/// After every edit, the incremental layout equals a layout from scratch, exactly, in every
/// kind of container.
@Suite(.enabled(if: LayoutFonts.present, "the layout fonts are not installed (scripts/setup-system.sh)"))
struct IncrementalLayoutTests {
    static func edit(_ text: String, using random: inout SeededGenerator) -> String {
        var units = Array(text.utf16)
        // Cut at scalar boundaries only (never inside a surrogate pair).
        func boundary(_ offset: Int) -> Int {
            var offset = min(max(offset, 0), units.count)
            while offset > 0, offset < units.count, UTF16.isTrailSurrogate(units[offset]) { offset -= 1 }
            return offset
        }
        let start = boundary(Int.random(in: 0...units.count, using: &random))
        let end = boundary(min(units.count, start + Int.random(in: 0...12, using: &random)))
        let inserted = Array(
            (0..<Int.random(in: 0...3, using: &random)).map { _ in
                ContainerFlowTests.words.randomElement(using: &random)!
                    + (Bool.random(using: &random) ? "\n" : " ")
            }.joined().utf16)
        units.replaceSubrange(start..<max(start, end), with: inserted)
        return String(decoding: units, as: UTF16.self)
    }

    @Test func everyEditGivesTheLayoutFromScratch() throws {
        var random = SeededGenerator(fallback: 0x1C4E)
        let layout = try ContainerFlowTests.layout()
        for round in 0..<12 {
            let containers =
                round % 3 == 0
                ? [LayoutContainer(width: 240)] : ContainerFlowTests.randomContainers(using: &random)
            let style = ParagraphStyle(
                lineSpacing: Double(round % 4), fitSizes: round % 2 == 0 ? 9...30 : nil,
                background: round % 3 == 1 ? LineBackground() : nil)
            let incremental = try IncrementalLayout(layout: layout, containers: containers, style: style)
            var text = ContainerFlowTests.randomText(using: &random)
            for _ in 0..<25 {
                text = Self.edit(text, using: &random)
                let links = text.utf16.count > 10 ? [3..<9] : []
                incremental.update(text, unbreakable: links)
                let scratch = try layout.layout(text, in: containers, style: style, unbreakable: links)
                #expect(incremental.fragments == scratch, "round \(round): \(text.debugDescription)")
            }
        }
    }

    @Test func typingInOneParagraphShapesOnlyThatParagraph() throws {
        let layout = try ContainerFlowTests.layout()
        let incremental = try IncrementalLayout(layout: layout, containers: [LayoutContainer(width: 300)])
        let paragraphs = (0..<200).map { "paragraph \($0) with some words to set\n" }
        incremental.update(paragraphs.joined())
        #expect(incremental.lastShaped == 200)
        var edited = paragraphs
        edited[100] = "paragraph 100 with some words to sets\n"
        incremental.update(edited.joined())
        #expect(incremental.lastShaped == 1)
        #expect(incremental.lastPlaced == 1, "the paragraph kept its height, so the rest stays")
    }
}
