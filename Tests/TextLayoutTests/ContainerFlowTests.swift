import TestSupport
import Testing
import TextLayout
import TextRope

/// Containers, exclusion shapes, fit sizing and line backgrounds: properties on random text
/// and random containers, and a few cases worked out by hand.
@Suite(.enabled(if: LayoutFonts.present, "the layout fonts are not installed (scripts/setup-system.sh)"))
struct ContainerFlowTests {
    static func layout(size: Double = 12) throws -> ParagraphLayout {
        try ParagraphLayout(fonts: FontSet(primary: try LayoutFonts.font(LayoutFonts.sans)), size: size)
    }

    static let words = [
        "story", "text", "flows", "around", "the", "shape", "and", "on", "😀", "漢字", "office", "-",
    ]

    static func randomText(using random: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            text += words.randomElement(using: &random)!
            text += Int.random(in: 0..<10, using: &random) == 0 ? "\n" : " "
        }
        return text
    }

    static func randomContainers(using random: inout SeededGenerator) -> [LayoutContainer] {
        (0..<Int.random(in: 1...3, using: &random)).map { index in
            let width = Double.random(in: 60...320, using: &random)
            let height: Double? =
                Bool.random(using: &random) ? Double.random(in: 20...240, using: &random) : nil
            let insets = LayoutInsets(
                top: Double.random(in: 0...10, using: &random),
                left: Double.random(in: 0...10, using: &random),
                bottom: Double.random(in: 0...10, using: &random),
                right: Double.random(in: 0...10, using: &random))
            let exclusions = (0..<Int.random(in: 0...3, using: &random)).map { _ -> ExclusionPath in
                let rect = LayoutRect(
                    x: Double.random(in: -20...width, using: &random),
                    y: Double.random(in: 0...200, using: &random),
                    width: Double.random(in: 5...150, using: &random),
                    height: Double.random(in: 5...120, using: &random))
                return Bool.random(using: &random) ? .rect(rect) : .ellipse(rect)
            }
            return LayoutContainer(width: width, height: height, insets: insets, exclusions: exclusions)
        }
    }

    @Test func randomContainersKeepEveryFragmentInsideAndClearOfExclusions() throws {
        var random = SeededGenerator(fallback: 0xF10)
        let layout = try Self.layout()
        var linesBesideAnother = 0
        for _ in 0..<120 {
            let text = Self.randomText(using: &random)
            let containers = Self.randomContainers(using: &random)
            let fit: ClosedRange<Double>? =
                Bool.random(using: &random) ? 8...Double.random(in: 8...40, using: &random) : nil
            let style = ParagraphStyle(lineSpacing: Double.random(in: 0...6, using: &random), fitSizes: fit)
            let fragments = try layout.layout(text, in: containers, style: style)
            var next = 0
            var previous: LineFragment?
            for fragment in fragments {
                #expect(fragment.range.lowerBound.rawValue == next)
                next = fragment.range.upperBound.rawValue
                let box = containers[fragment.container]
                let rect = fragment.rect
                #expect(rect.x >= box.insets.left - 1e-9 && rect.maxX <= box.width - box.insets.right + 1e-9)
                for cluster in fragment.clusters {
                    #expect(cluster.rect.x >= rect.x - 1e-9)
                    #expect(cluster.rect.maxX <= box.width - box.insets.right + 1e-9)
                }
                // Touching is allowed: the rect shrunk by a rounding error must not overlap.
                let inner = LayoutRect(
                    x: rect.x + 1e-6, y: rect.y + 1e-6, width: rect.width - 2e-6, height: rect.height - 2e-6)
                for exclusion in box.exclusions where inner.width > 0 {
                    #expect(!exclusion.intersects(inner), "\(rect) overlaps \(exclusion)")
                }
                if let height = box.height, fragment.container + 1 < containers.count {
                    #expect(
                        rect.maxY <= height - box.insets.bottom + 1e-9, "a full container passes its lines on"
                    )
                }
                if let previous {
                    #expect(previous.container <= fragment.container)
                    if previous.container == fragment.container {
                        // Below the previous line, or beside it in the same band, to its
                        // right, past the exclusion that split the band.
                        let sameBand = abs(previous.rect.y - rect.y) < 1e-9
                        if sameBand { linesBesideAnother += 1 }
                        // Never a new paragraph beside the last one's end: it starts a line.
                        let units = Array(text.utf16)
                        let end = previous.range.upperBound.rawValue
                        #expect(
                            !sameBand || end == 0 || units[end - 1] != 0x0A,
                            "a paragraph began beside another")
                        #expect(
                            previous.rect.maxY <= rect.y + 1e-9
                                || (sameBand && fit == nil && previous.rect.x < rect.x))
                    }
                }
                if let fit {
                    #expect(fit.contains(fragment.fontSize))
                }
                previous = fragment
            }
            #expect(next == text.utf16.count)
        }
        #expect(linesBesideAnother > 0, "the random containers split some bands")
    }

    @Test func fitSizedLinesFillTheWidthOrReachTheLargestSize() throws {
        var random = SeededGenerator(fallback: 0xF17)
        let layout = try Self.layout()
        for _ in 0..<60 {
            let text = Self.randomText(using: &random)
            let width = Double.random(in: 80...400, using: &random)
            let fit = 10.0...Double.random(in: 10...60, using: &random)
            let fragments = try layout.layout(
                text, in: [LayoutContainer(width: width)], style: ParagraphStyle(fitSizes: fit))
            for fragment in fragments {
                let filled = abs(fragment.rect.width - width) <= width * 0.01
                #expect(filled || fragment.fontSize == fit.upperBound, "\(fragment.rect.width) of \(width)")
            }
        }
    }

    @Test func textFlowsIntoTheNextContainerAndOverflowsTheLast() throws {
        let layout = try Self.layout(size: 10)
        let line = layout.lineHeight
        let text = (1...12).map { "line\($0)" }.joined(separator: "\n")
        // Room for exactly three lines in each of the first two containers.
        let containers = [
            LayoutContainer(width: 200, height: line * 3 + 0.5),
            LayoutContainer(width: 200, height: line * 3 + 0.5),
        ]
        let fragments = try layout.layout(text, in: containers)
        #expect(fragments.map(\.container) == [0, 0, 0] + Array(repeating: 1, count: 9))
        #expect(fragments[3].rect.y == 0, "the second container starts at its top")
        #expect(fragments.last!.rect.maxY > line * 3, "what the last container cannot hold goes on below it")
    }

    @Test func aLineBesideARectangleStartsAfterIt() throws {
        let layout = try Self.layout(size: 10)
        let container = LayoutContainer(
            width: 300, exclusions: [.rect(LayoutRect(x: 0, y: 0, width: 100, height: layout.lineHeight * 2))]
        )
        let fragments = try layout.layout("word " + String(repeating: "words ", count: 40), in: [container])
        #expect(fragments[0].rect.x == 100 && fragments[1].rect.x == 100)
        #expect(fragments[2].rect.x == 0, "below the rectangle, lines take the whole width again")
    }

    @Test func aBandSplitByAnExclusionIsFilledLeftThenRight() throws {
        let layout = try Self.layout(size: 10)
        let block = LayoutRect(x: 100, y: 0, width: 60, height: layout.lineHeight * 2)
        let container = LayoutContainer(width: 300, exclusions: [.rect(block)])
        let text = String(repeating: "words in two columns ", count: 20)
        let fragments = try layout.layout(text, in: [container])
        // Two bands beside the rectangle, each a left and a right line, then full width.
        for band in 0..<2 {
            let left = fragments[2 * band]
            let right = fragments[2 * band + 1]
            #expect(left.rect.x == 0 && left.rect.maxX <= 100 + 1e-9)
            #expect(right.rect.x == 160 && right.rect.y == left.rect.y)
            #expect(right.range.lowerBound == left.range.upperBound, "the text goes on in the right span")
        }
        #expect(fragments[4].rect.x == 0 && fragments[4].rect.y >= block.maxY - 1e-9)
        #expect(fragments[4].rect.width > 160, "below the rectangle, lines take the whole width again")
        // A right-to-left paragraph takes the widest span instead (here the right one), one
        // line per band, aligned to its right edge.
        let hebrew = try layout.layout(String(repeating: "שלום עולם ", count: 20), in: [container])
        #expect(hebrew[0].rect.y < hebrew[1].rect.y)
        #expect(hebrew[0].rect.x >= 160 - 1e-9 && abs(hebrew[0].rect.maxX - 300) < 1e-9)
    }

    @Test func aParagraphEndingLeftOfAnExclusionLeavesTheRightSpanEmpty() throws {
        let layout = try Self.layout(size: 10)
        let block = LayoutRect(x: 200, y: 0, width: 50, height: 100)
        let container = LayoutContainer(width: 400, exclusions: [.rect(block)])
        let fragments = try layout.layout("One two three four\n\nNext paragraph", in: [container])
        #expect(fragments.count == 3)
        // Each paragraph (the empty one too) on a band of its own, at the left edge.
        for (index, fragment) in fragments.enumerated() {
            #expect(fragment.rect.x == 0, "paragraph \(index) starts at the left edge")
            if index > 0 { #expect(fragment.rect.y >= fragments[index - 1].rect.maxY - 1e-9) }
        }
    }

    @Test func aGapNarrowerThanTheNextWordIsPassedBy() throws {
        let layout = try Self.layout(size: 10)
        // The gap right of the rectangle is 30 px: three ems, narrower than any word here.
        let block = LayoutRect(x: 100, y: 0, width: 170, height: layout.lineHeight * 3)
        let container = LayoutContainer(width: 300, exclusions: [.rect(block)])
        let text = String(repeating: "extraordinarily ", count: 12)
        let fragments = try layout.layout(text, in: [container])
        let beside = fragments.filter { $0.rect.y < block.maxY }
        #expect(beside.count >= 2)
        #expect(beside.allSatisfy { $0.rect.x == 0 && $0.rect.maxX <= 100 + 1e-9 }, "no line in the gap")
        // With words that fit the gap, it takes lines.
        let short = try layout.layout(String(repeating: "ab ", count: 60), in: [container])
        #expect(short.contains { $0.rect.x == 270 && $0.rect.y < block.maxY })
    }

    @Test func backgroundsOfAdjacentLinesMeetAndPadEachLine() throws {
        let layout = try Self.layout(size: 14)
        let style = ParagraphStyle(
            lineSpacing: 6,
            background: LineBackground(horizontalPadding: 10, verticalPadding: 5, cornerRadius: 8))
        let fragments = try layout.layout(
            "a story set line by line with a rounded background behind each line",
            in: [LayoutContainer(width: 120)],
            style: style)
        #expect(fragments.count > 2)
        for (upper, lower) in zip(fragments, fragments.dropFirst()) {
            let a = try #require(upper.background)
            let b = try #require(lower.background)
            #expect(abs(a.maxY - b.y) < 1e-9, "adjacent backgrounds meet")
            #expect(abs(b.y - (upper.rect.maxY + lower.rect.y) / 2) < 1e-9)
        }
        let first = try #require(fragments.first?.background)
        #expect(first.x == fragments[0].rect.x - 10 && first.width == fragments[0].rect.width + 20)
        #expect(first.y == fragments[0].rect.y - 5)
        let last = try #require(fragments.last?.background)
        #expect(abs(last.maxY - (fragments.last!.rect.maxY + 5)) < 1e-9)
    }

    @Test func badContainersAreRefused() throws {
        let layout = try Self.layout()
        let bad: [LayoutContainer] = [
            LayoutContainer(width: 10, insets: LayoutInsets(left: 6, right: 6)),
            LayoutContainer(width: 100, height: -1),
            LayoutContainer(width: 100, exclusions: [.rect(LayoutRect(x: .nan, y: 0, width: 1, height: 1))]),
            LayoutContainer(width: 1e300),
        ]
        for container in bad {
            #expect(throws: LayoutError.self) { try layout.layout("a", in: [container]) }
        }
        #expect(throws: LayoutError.self) { try layout.layout("a", in: []) }
        #expect(throws: LayoutError.self) {
            try layout.layout("a", in: [LayoutContainer(width: 100)], style: ParagraphStyle(fitSizes: 0...10))
        }
    }

    @Test func anExclusionCoveringTheWholeWidthIsPassedNotLoopedOn() throws {
        // The line goes below the shape: layout always ends.
        let layout = try Self.layout(size: 0.01)
        let wall = LayoutContainer(
            width: 100, exclusions: [.rect(LayoutRect(x: -10, y: 0, width: 200, height: 50_000))])
        let fragments = try layout.layout("a b c", in: [wall])
        #expect(fragments.first.map { $0.rect.y >= 50_000 } == true)
    }
}
