import TextSegmentation

/// Places the lines of paragraphs one after another through the containers: each line in
/// the widest free span at its height, moving down past exclusions that leave no room, and
/// into the next container when a container's height is full.
struct LineFlow {
    let layout: ParagraphLayout
    let containers: [LayoutContainer]
    let style: ParagraphStyle
    private(set) var fragments: [LineFragment] = []
    /// Where the next line goes: a container and a y in it.
    private var container = 0
    private var y: Double

    /// The size lines are broken at, and the largest they may grow to.
    private var baseSize: Double { style.fitSizes?.lowerBound ?? layout.size }
    private var largestSize: Double {
        style.fitSizes.map { max($0.lowerBound, $0.upperBound) } ?? layout.size
    }

    init(layout: ParagraphLayout, containers: [LayoutContainer], style: ParagraphStyle) {
        self.layout = layout
        self.containers = containers
        self.style = style
        y = containers[0].insets.top
    }

    /// A place for one line.
    struct Slot {
        var container: Int
        var x: Double
        var y: Double
        var width: Double
    }

    mutating func place(paragraph: Substring, at offset: Int, unbreakable: [Range<Int>]) {
        let text = String(paragraph)
        let advances = ShapedAdvances(text: text, fonts: layout.fonts, size: baseSize)
        guard !text.isEmpty else {
            place(line: 0..<0, slot: nextSlot(), advances: advances, offset: offset)
            return
        }
        var pending: (start: Int, slot: Slot)?
        _ = LineBreaker().lines(
            in: text,
            widthOfLineStartingAt: { start in
                if let previous = pending {
                    place(
                        line: previous.start..<start, slot: previous.slot, advances: advances, offset: offset)
                }
                let slot = nextSlot()
                pending = (start, slot)
                return slot.width
            }, unbreakable: unbreakable,
            measure: { range, _ in (advances.width(of: range), advances.hangs(at: range.lowerBound)) })
        if let last = pending {
            place(line: last.start..<text.utf16.count, slot: last.slot, advances: advances, offset: offset)
        }
    }

    /// Sets `line` in `slot`: at the base size, or with fit sizing at the largest size that
    /// fills the slot; then moves the pen below it.
    private mutating func place(line: Range<Int>, slot: Slot, advances: ShapedAdvances, offset: Int) {
        let content = advances.contentWidth(of: line)
        var size = layout.size
        if let fit = style.fitSizes {
            let grown = content > 0 ? fit.lowerBound * slot.width / content : largestSize
            size = min(max(grown, fit.lowerBound), largestSize)
        }
        let scale = size / baseSize
        let height = layout.lineHeight(at: size)
        let font = layout.fonts.primary
        let ascent = Double(font.ascender) * size / Double(font.unitsPerEm)
        let clusters = advances.clusterRects(
            in: line, x: slot.x, y: slot.y, height: height, width: slot.width, scale: scale, offset: offset)
        let rect = LayoutRect(x: slot.x, y: slot.y, width: min(content * scale, slot.width), height: height)
        var fragment = LineFragment(
            range: (line.lowerBound + offset)..<(line.upperBound + offset), rect: rect,
            baseline: slot.y + ascent,
            fontSize: size, clusters: clusters, container: slot.container)
        if let background = style.background {
            fragment.background = backgroundRect(of: rect, in: slot.container, background)
        }
        fragments.append(fragment)
        container = slot.container
        y = slot.y + height + style.lineSpacing
    }

    /// The line's rect grown by the padding; a line right below the previous one in the same
    /// container meets its background halfway, so the two read as one shape.
    private mutating func backgroundRect(
        of rect: LayoutRect, in container: Int, _ background: LineBackground
    ) -> LayoutRect {
        var top = rect.y - background.verticalPadding
        if let index = fragments.indices.last, fragments[index].container == container,
            var previous = fragments[index].background,
            rect.y - fragments[index].rect.maxY <= style.lineSpacing + 1e-9
        {
            let middle = (fragments[index].rect.maxY + rect.y) / 2
            previous.height = middle - previous.y
            fragments[index].background = previous
            top = middle
        }
        return LayoutRect(
            x: rect.x - background.horizontalPadding, y: top,
            width: rect.width + 2 * background.horizontalPadding,
            height: rect.maxY + background.verticalPadding - top)
    }

    /// The next place a line fits: the widest free span of the band below the pen that is at
    /// least an em wide (or the whole width where nothing is excluded).
    private mutating func nextSlot() -> Slot {
        let band = layout.lineHeight(at: largestSize)
        var steps = 0
        while true {
            let box = containers[container]
            if let height = box.height, y + band > height - box.insets.bottom,
                container + 1 < containers.count
            {
                container += 1
                y = containers[container].insets.top
                continue
            }
            let spans = box.freeSpans(top: y, bottom: y + band)
            let widest = spans.max { $0.upperBound - $0.lowerBound < $1.upperBound - $1.lowerBound }
            let full = box.width - box.insets.left - box.insets.right
            let blocking = box.exclusions.filter { $0.horizontalExtent(top: y, bottom: y + band) != nil }
            if let widest, widest.upperBound - widest.lowerBound >= min(largestSize, full) || blocking.isEmpty
            {
                return Slot(
                    container: container, x: widest.lowerBound, y: y,
                    width: widest.upperBound - widest.lowerBound)
            }
            // No room here: step down a quarter line, or past the blocking shapes after many
            // steps (a tiny size must not take millions of steps).
            steps += 1
            let below = blocking.map(\.bounds.maxY).min() ?? y + band
            y = steps < 64 ? min(y + max(band / 4, 0.25), max(below, y + 0.25)) : max(below, y + 0.25)
        }
    }
}
