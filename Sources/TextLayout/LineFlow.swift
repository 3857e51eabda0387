import TextRope
import TextSegmentation

/// Where the next line goes: a container and a y in it, and, when the last line filled a
/// free span left of an exclusion, the x from which the band at `y` is still free. Placement
/// is a function of the pen and the paragraph, so two layouts whose pens agree before a
/// paragraph agree on it.
struct Pen: Hashable, Sendable {
    var container: Int
    var y: Double
    /// Set while a band split by exclusions has free spans right of this x.
    var resumeX: Double? = nil
}

/// Places the lines of one paragraph through the containers from a pen, moving down past
/// exclusions that leave no room, and into the next container when a container's height is
/// full. Where exclusions split a band into several free spans (an em wide at least), a
/// left-to-right paragraph fills them from left to right, as TextKit fills the remainder of
/// a line fragment rect; a right-to-left paragraph and fit-sized lines take the widest span.
struct LineFlow {
    let layout: ParagraphLayout
    let containers: [LayoutContainer]
    let style: ParagraphStyle
    private(set) var fragments: [LineFragment] = []
    private(set) var pen: Pen

    /// The size lines are broken at, and the largest they may grow to.
    var baseSize: Double { style.fitSizes?.lowerBound ?? layout.size }
    private var largestSize: Double {
        style.fitSizes.map { max($0.lowerBound, $0.upperBound) } ?? layout.size
    }

    init(layout: ParagraphLayout, containers: [LayoutContainer], style: ParagraphStyle, pen: Pen) {
        self.layout = layout
        self.containers = containers
        self.style = style
        self.pen = pen
    }

    /// A place for one line.
    struct Slot {
        var container: Int
        var x: Double
        var y: Double
        var width: Double
        /// The slot's right edge when the band has another free span to its right.
        var resumeAfter: Double? = nil
    }

    /// Whether this paragraph's lines fill a split band span by span.
    private func splits(_ advances: ShapedAdvances) -> Bool {
        style.fitSizes == nil && !advances.isRightToLeft
    }

    /// Places `text`'s lines (ranges relative to the paragraph) with its shaped `advances`.
    mutating func place(paragraph text: String, advances: ShapedAdvances, unbreakable: [Range<Int>]) {
        let splitting = splits(advances)
        if pen.resumeX != nil {
            // The last paragraph ended in a span left of an exclusion: a paragraph starts on a
            // line of its own, below that band, as TextKit starts one in a new line fragment.
            pen = Pen(
                container: pen.container, y: pen.y + layout.lineHeight(at: largestSize) + style.lineSpacing)
        }
        guard !text.isEmpty else {
            place(line: 0..<0, slot: nextSlot(splitting: splitting, needs: { 0 }), advances: advances)
            return
        }
        // Break opportunities, found only when a split band asks how wide the next word is.
        var opportunities: [Int] = []
        func firstWordWidth(from start: Int) -> Double {
            if opportunities.isEmpty {
                opportunities = LineBreaker().breakOpportunities(in: text).map(\.utf16Offset)
            }
            // The first break after `start` that is not inside an unbreakable span.
            var low = 0
            var high = opportunities.count
            while low < high {
                let middle = (low + high) / 2
                if opportunities[middle] <= start { low = middle + 1 } else { high = middle }
            }
            var end = text.utf16.count
            for offset in opportunities[low...]
            where !unbreakable.contains(where: { $0.lowerBound < offset && offset < $0.upperBound }) {
                end = offset
                break
            }
            return advances.contentWidth(of: start..<end)
        }
        var pending: (start: Int, slot: Slot)?
        _ = LineBreaker().lines(
            in: text,
            widthOfLineStartingAt: { start in
                if let previous = pending {
                    place(line: previous.start..<start, slot: previous.slot, advances: advances)
                }
                let slot = nextSlot(splitting: splitting, needs: { firstWordWidth(from: start) })
                pending = (start, slot)
                return slot.width
            }, unbreakable: unbreakable,
            measure: { range, _ in (advances.width(of: range), advances.hangs(at: range.lowerBound)) })
        if let last = pending {
            place(line: last.start..<text.utf16.count, slot: last.slot, advances: advances)
        }
    }

    /// Sets `line` in `slot`: at the base size, or with fit sizing at the largest size that
    /// fills the slot; then moves the pen below it.
    private mutating func place(line: Range<Int>, slot: Slot, advances: ShapedAdvances) {
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
            in: line, x: slot.x, y: slot.y, height: height, width: slot.width, scale: scale, offset: 0)
        let width = min(content * scale, slot.width)
        let x = advances.isRightToLeft ? slot.x + slot.width - width : slot.x
        let rect = LayoutRect(x: x, y: slot.y, width: width, height: height)
        fragments.append(
            LineFragment(
                range: Range(units: line), rect: rect, baseline: slot.y + ascent, fontSize: size,
                clusters: clusters,
                container: slot.container))
        if let resume = slot.resumeAfter {
            pen = Pen(container: slot.container, y: slot.y, resumeX: resume)
        } else {
            pen = Pen(container: slot.container, y: slot.y + height + style.lineSpacing)
        }
    }

    /// The next place a line fits: with `splitting`, the leftmost free span of the band below
    /// the pen (right of `resumeX`) that holds the line's first word (`needs`, asked only
    /// where exclusions split the band) and an em; otherwise the widest span at least an em
    /// wide (or the whole width where nothing is excluded), where a word too long is broken.
    private mutating func nextSlot(splitting: Bool, needs: () -> Double) -> Slot {
        let band = layout.lineHeight(at: largestSize)
        var steps = 0
        while true {
            let box = containers[pen.container]
            if let height = box.height, pen.y + band > height - box.insets.bottom,
                pen.container + 1 < containers.count
            {
                pen = Pen(container: pen.container + 1, y: containers[pen.container + 1].insets.top)
                continue
            }
            let spans = box.freeSpans(top: pen.y, bottom: pen.y + band)
            let full = box.width - box.insets.left - box.insets.right
            let blocking = box.exclusions.filter {
                $0.horizontalExtent(top: pen.y, bottom: pen.y + band) != nil
            }
            let roomy = spans.filter { $0.upperBound - $0.lowerBound >= min(largestSize, full) }
            // The leftmost span of a split band right of `x` that holds the line's first word,
            // as a slot that tells the pen whether spans remain to its right.
            func splitSlot(rightOf x: Double) -> Slot? {
                let right = roomy.filter { $0.lowerBound >= x }
                guard !right.isEmpty else { return nil }
                let word = needs()
                guard let span = right.first(where: { $0.upperBound - $0.lowerBound >= word }) else {
                    return nil
                }
                let more = roomy.contains { $0.lowerBound > span.upperBound }
                return Slot(
                    container: pen.container, x: span.lowerBound, y: pen.y,
                    width: span.upperBound - span.lowerBound,
                    resumeAfter: more ? span.upperBound : nil)
            }
            if let resumeX = pen.resumeX {
                // The rest of a split band: the next span to the right, else the next band.
                if splitting, let slot = splitSlot(rightOf: resumeX) { return slot }
                pen = Pen(container: pen.container, y: pen.y + band + style.lineSpacing)
                continue
            }
            if splitting, !blocking.isEmpty, roomy.count > 1, let slot = splitSlot(rightOf: -.infinity) {
                return slot
            }
            let widest = spans.max { $0.upperBound - $0.lowerBound < $1.upperBound - $1.lowerBound }
            if let widest, widest.upperBound - widest.lowerBound >= min(largestSize, full) || blocking.isEmpty
            {
                return Slot(
                    container: pen.container, x: widest.lowerBound, y: pen.y,
                    width: widest.upperBound - widest.lowerBound)
            }
            // No room here: step down a quarter line, or past the blocking shapes after many
            // steps (a tiny size must not take millions of steps).
            steps += 1
            let below = blocking.map(\.bounds.maxY).min() ?? pen.y + band
            pen.y =
                steps < 64
                ? min(pen.y + max(band / 4, 0.25), max(below, pen.y + 0.25)) : max(below, pen.y + 0.25)
        }
    }
}

/// Line backgrounds, given once every line is placed: each line's rect grown by the padding,
/// and a line right below another in the same container meets it halfway, so the two read
/// as one shape. A function of a line and its neighbours, so a partial update gives what a
/// full layout gives.
enum LineBackgrounds {
    static func background(
        of line: LineFragment, after previous: LineFragment?, before next: LineFragment?,
        style: ParagraphStyle
    ) -> LayoutRect? {
        guard let padding = style.background else { return nil }
        func adjacent(_ upper: LineFragment, _ lower: LineFragment) -> Bool {
            upper.container == lower.container && lower.rect.y - upper.rect.maxY <= style.lineSpacing + 1e-9
                && lower.rect.y >= upper.rect.maxY - 1e-9
        }
        let rect = line.rect
        var top = rect.y - padding.verticalPadding
        var bottom = rect.maxY + padding.verticalPadding
        if let previous, adjacent(previous, line) { top = (previous.rect.maxY + rect.y) / 2 }
        if let next, adjacent(line, next) { bottom = (rect.maxY + next.rect.y) / 2 }
        return LayoutRect(
            x: rect.x - padding.horizontalPadding, y: top, width: rect.width + 2 * padding.horizontalPadding,
            height: bottom - top)
    }
}
