import TestSupport
import Testing
import TextLayout
import TextRope

/// After every edit, the incremental layout equals a layout from scratch, exactly, in every
/// kind of container.
@Suite(.enabled(if: LayoutFonts.present, "the layout fonts are not installed (scripts/setup-system.sh)"))
struct IncrementalLayoutTests {
    /// `text` after one random replacement, and that replacement as a change set.
    static func edit(_ text: String, using random: inout SeededGenerator) -> (String, ChangeSet) {
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
                // Every kind of line break, so that a CR gaining or losing its LF is edited too.
                ContainerFlowTests.words.randomElement(using: &random)!
                    + [" ", " ", "\n", "\r", "\r\n", "\u{2029}", "\u{85}"].randomElement(using: &random)!
            }.joined().utf16)
        func utf8(_ offset: Int) -> Int { String(decoding: units[..<offset], as: UTF16.self).utf8.count }
        let replaced = utf8(start)..<utf8(max(start, end))
        let insertedLength = String(decoding: inserted, as: UTF16.self).utf8.count
        units.replaceSubrange(start..<max(start, end), with: inserted)
        return (
            String(decoding: units, as: UTF16.self),
            ChangeSet([.init(range: Range(bytes: replaced), insertedLength: insertedLength)])
        )
    }

    /// Lays out `new`, which replaced `old` at the one place where they differ.
    static func update(_ incremental: IncrementalLayout, from old: String, to new: String) {
        let prefix = zip(old.utf8, new.utf8).prefix { $0 == $1 }.count
        let suffix = zip(old.utf8.reversed(), new.utf8.reversed()).prefix { $0 == $1 }.count
        let common = min(suffix, old.utf8.count - prefix, new.utf8.count - prefix)
        let changes = ChangeSet([
            .init(
                range: Range(bytes: prefix..<(old.utf8.count - common)),
                insertedLength: new.utf8.count - common - prefix)
        ])
        incremental.update(TextBuffer(new), changes: changes)
    }

    @Test func everyEditGivesTheLayoutFromScratch() throws {
        var random = SeededGenerator(fallback: 0x1C4E)
        let layout = try ContainerFlowTests.layout()
        var linesBesideAnother = 0
        for round in 0..<24 {
            let containers =
                round % 3 == 0
                ? [LayoutContainer(width: 240)] : ContainerFlowTests.randomContainers(using: &random)
            let style = ParagraphStyle(
                lineSpacing: Double(round % 4), fitSizes: round % 2 == 0 ? 9...30 : nil,
                background: round % 3 == 1 ? LineBackground() : nil)
            let incremental = try IncrementalLayout(layout: layout, containers: containers, style: style)
            var text = ContainerFlowTests.randomText(using: &random)
            var held: [LineFragment] = []
            for _ in 0..<25 {
                let before = text.utf16.count
                let changes: ChangeSet
                (text, changes) = Self.edit(text, using: &random)
                // Spans near the start, far from it, or none: a span that came or went
                // outside the edited paragraphs makes those paragraphs break again too.
                let length = text.utf16.count
                let links: [Range<UTF16Offset>] =
                    length <= 10
                    ? []
                    : [[3..<9], [3..<9], [], [Range(units: (length / 2)..<min(length, length / 2 + 25))]]
                        .randomElement(using: &random)!
                incremental.update(TextBuffer(text), changes: changes, unbreakable: links)
                let scratch = try layout.layout(text, in: containers, style: style, unbreakable: links)
                #expect(incremental.fragments == scratch, "round \(round): \(text.debugDescription)")
                linesBesideAnother +=
                    zip(scratch, scratch.dropFirst()).filter {
                        $0.container == $1.container && $0.rect.y == $1.rect.y
                    }.count
                // A client applying each change holds the same lines (y within rounding).
                held = incremental.lastChange.applied(to: held, rangeDelta: text.utf16.count - before)
                let change = incremental.lastChange
                #expect(
                    Self.firstDifference(held, scratch) == nil,
                    "round \(round), change at \(change.start) -\(change.deleteCount) +\(change.lines.count) moving \(change.yDelta)"
                )
            }
        }
        #expect(linesBesideAnother > 0, "some edits relaid bands split by an exclusion")
    }

    @Test func typingInOneParagraphShapesOnlyThatParagraph() throws {
        let layout = try ContainerFlowTests.layout()
        let incremental = try IncrementalLayout(layout: layout, containers: [LayoutContainer(width: 300)])
        let paragraphs = (0..<200).map { "paragraph \($0) with some words to set\n" }
        incremental.update(paragraphs.joined())
        #expect(incremental.lastShaped == 200)
        var edited = paragraphs
        edited[100] = "paragraph 100 with some words to sets\n"
        Self.update(incremental, from: paragraphs.joined(), to: edited.joined())
        let typed = edited.joined()
        #expect(incremental.lastShaped == 1)
        #expect(incremental.lastPlaced == 1, "the paragraph kept its height, so the rest stays")
        #expect(incremental.lastChange.lines.count == 1)

        // A paragraph grown by a line moves the 99 after it whole: one line-height down.
        edited[100] =
            "paragraph 100 with some words to set, and now enough more words to need a second line\n"
        let lineHeight = try #require(incremental.fragments.first?.rect.height)
        Self.update(incremental, from: typed, to: edited.joined())
        #expect(incremental.lastShaped == 1)
        #expect(incremental.lastPlaced == 1)
        #expect(incremental.lastMoved == 99)
        #expect(incremental.lastChange.start == 100)
        #expect(incremental.lastChange.deleteCount == 1)
        #expect(incremental.lastChange.lines.count == 2)
        #expect(abs(incremental.lastChange.yDelta - lineHeight) < 1e-9)
    }

    /// The end of the text: the line above a deleted last paragraph loses its neighbour below,
    /// and with it the joined half of its background.
    @Test func deletingTheLastParagraphIsASpliceWithTheNewBackgroundAboveIt() throws {
        let layout = try ContainerFlowTests.layout()
        let style = ParagraphStyle(
            background: LineBackground(horizontalPadding: 2, verticalPadding: 3, cornerRadius: 4))
        let incremental = try IncrementalLayout(
            layout: layout, containers: [LayoutContainer(width: 300)], style: style)
        incremental.update("first\nsecond\nthird")
        let before = incremental.fragments
        Self.update(incremental, from: "first\nsecond\nthird", to: "first\nsecond\n")
        let change = incremental.lastChange
        #expect(change.deleteCount == 3 - change.start)
        #expect(change.applied(to: before, rangeDelta: -5) == incremental.fragments)
    }

    /// The first line that differs, y coordinates and heights (a background's comes from
    /// its neighbours' y) compared only within a millionth of a pixel (a client adds
    /// `yDelta` to y where the layout adds the pen to the line's own offset).
    static func firstDifference(_ a: [LineFragment], _ b: [LineFragment]) -> Int? {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-6 * max(1, abs(x)) }
        func close(_ x: LayoutRect?, _ y: LayoutRect?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return x.x == y.x && x.width == y.width && close(x.height, y.height) && close(x.y, y.y)
        }
        let equal = { (x: LineFragment, y: LineFragment) in
            x.range == y.range && x.fontSize == y.fontSize && x.container == y.container
                && close(x.rect, y.rect) && close(x.baseline, y.baseline) && close(x.background, y.background)
                && x.clusters.count == y.clusters.count
                && zip(x.clusters, y.clusters).allSatisfy { $0.range == $1.range && close($0.rect, $1.rect) }
        }
        if let index = (0..<min(a.count, b.count)).first(where: { !equal(a[$0], b[$0]) }) { return index }
        return a.count == b.count ? nil : min(a.count, b.count)
    }
}
