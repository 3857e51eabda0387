import TextRope

/// A document's layout kept between edits: after a change, only the paragraphs whose text
/// or unbreakable spans changed are shaped and broken again. The paragraphs after them are
/// kept as they lay when the pen (container and y) before them is where it was, and moved
/// down or up whole when only the pen's y changed in a container where placement does not
/// depend on y (the last container, without exclusions: the usual editor's single column);
/// elsewhere they are placed again until the pen is where it was.
///
/// `ParagraphLayout.layout` runs this from an empty state, so a full layout and an
/// incremental one are the same computation, to the last bit of every coordinate.
public final class IncrementalLayout {
    public let layout: ParagraphLayout
    public let containers: [LayoutContainer]
    public let style: ParagraphStyle

    struct Paragraph {
        var text: String
        var length: Int
        var unbreakable: [Range<Int>]
        var advances: ShapedAdvances
        /// Ranges relative to the paragraph's start; y coordinates relative to `origin`.
        var fragments: [LineFragment]
        /// Added to every y of `fragments`: the pen's y for a paragraph placed from y = 0
        /// (where placement does not depend on y), 0 for one placed where it lies.
        var origin: Double
        var placedFromZero: Bool
        /// For a paragraph placed from y = 0, the pen's y after it, relative to `origin`.
        var extent: Double
        var penBefore: Pen
        var penAfter: Pen
    }

    /// How the update treated a paragraph.
    enum Reuse: Equatable {
        case kept, moved, placed
    }

    private(set) var paragraphs: [Paragraph] = []
    /// The unbreakable spans laid out last, sorted.
    private(set) var unbreakable: [Range<Int>] = []
    /// Where each paragraph starts, in UTF-16 units and in lines, and where the last ends.
    private(set) var utf16Starts: [Int] = [0]
    private(set) var lineStarts: [Int] = [0]
    var lineCount: Int { lineStarts[lineStarts.count - 1] }

    /// How much the last update did: paragraphs shaped, paragraphs placed again, and
    /// paragraphs moved whole.
    public private(set) var lastShaped = 0
    public private(set) var lastPlaced = 0
    public private(set) var lastMoved = 0
    /// The last update as a splice of the lines before it; its lines are made when asked for,
    /// so a layout from scratch does not make them twice.
    public var lastChange: LayoutChange {
        LayoutChange(
            start: splice.start, deleteCount: splice.deleteCount, lines: lines(in: splice.start..<splice.end),
            yDelta: splice.yDelta)
    }
    private(set) var splice = Splice(start: 0, end: 0, deleteCount: 0, yDelta: 0)

    /// `lastChange` without its lines: lines `start..<end` replace `deleteCount` lines.
    struct Splice {
        var start: Int
        var end: Int
        var deleteCount: Int
        var yDelta: Double
    }

    public init(layout: ParagraphLayout, containers: [LayoutContainer], style: ParagraphStyle = .init())
        throws(LayoutError)
    {
        guard !containers.isEmpty else { throw .invalidMeasure(name: "containers", value: 0) }
        for container in containers { try container.validate() }
        try ParagraphLayout.check(style)
        self.layout = layout
        self.containers = containers
        self.style = style
    }

    /// The length of the text laid out last, and where each of its paragraphs starts, in
    /// UTF-8 bytes.
    private var laidOutLength = 0
    private var byteStarts: [Int] = []

    /// Lays out `text` (with `unbreakable` UTF-16 ranges) from scratch.
    public func update(_ text: String, unbreakable: [Range<UTF16Offset>] = []) {
        let changes = ChangeSet([
            .init(range: 0..<UTF8Offset(laidOutLength), insertedLength: text.utf8.count)
        ])
        update(TextBuffer(text), changes: changes, unbreakable: unbreakable)
    }

    /// Lays out `text` (with `unbreakable` UTF-16 ranges), which `changes` made from the text
    /// laid out last, reusing what that layout shares with it. Only the paragraphs the change
    /// regions touch are read from `text`, split and shaped again: the document is never
    /// copied whole. Every other paragraph is kept as it lay if it starts at the same place
    /// with the same spans, moved whole if it can be, and broken again from its kept shaping
    /// otherwise.
    public func update(_ text: TextBuffer, changes: ChangeSet, unbreakable: [Range<UTF16Offset>] = []) {
        let unbreakable = unbreakable.map(\.units)
        let (first, oldEnd, middle) = changedParagraphs(changes: changes, newLength: text.utf8Count)
        let middleStart = middle.lowerBound
        var bytes = Array(text.substring(Range(bytes: middle)).utf8)
        var ends: [Int] = []
        if !bytes.isEmpty {
            ends = bytes.withUnsafeBufferPointer { ParagraphSplitter.ends(in: $0, 0..<$0.count) }
        } else if first == 0, oldEnd == paragraphs.count {
            // An empty text is one empty paragraph.
            ends = [0]
        }
        var pieces: [String] = []
        var pieceStart = 0
        for end in ends {
            pieces.append(String(decoding: bytes[pieceStart..<end], as: UTF8.self))
            pieceStart = end
        }
        bytes = []
        ends = ends.map { $0 + middleStart }
        let delta = text.utf8Count - laidOutLength
        let middleStarts = ends.isEmpty ? [] : [middleStart] + ends.dropLast()
        let newByteStarts =
            Array(byteStarts[..<first]) + middleStarts + byteStarts[oldEnd...].map { $0 + delta }
        let count = first + pieces.count + (paragraphs.count - oldEnd)
        let firstOld = first + pieces.count
        func old(at index: Int) -> Paragraph? {
            if index < first { return paragraphs[index] }
            if index < firstOld { return nil }
            return paragraphs[index - firstOld + oldEnd]
        }

        lastShaped = 0
        lastPlaced = 0
        lastMoved = 0
        let sorted = unbreakable.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var pen = Pen(container: 0, y: containers[0].insets.top)
        // New paragraphs `start..<index` are made in `replacement`; the old ones before `start`
        // stay, and so do the old ones from `tail` on (moved whole if `moved`).
        var start = 0
        var utf16Start = 0
        // The paragraphs before the change lie where they lay if their spans are the same.
        if first > 0,
            Self.spans(self.unbreakable, before: utf16Starts[first])
                == Self.spans(sorted, before: utf16Starts[first])
        {
            start = first
            pen = paragraphs[first - 1].penAfter
            utf16Start = utf16Starts[first]
        }
        var replacement: [Paragraph] = []
        var replacementReuse: [Reuse] = []
        var oldOrigins: [Double] = []
        var tail: (oldIndex: Int, moved: Bool)?
        // The spans reaching into each paragraph, found walking both lists once.
        var nextSpan = sorted.firstIndex { $0.lowerBound >= utf16Start } ?? sorted.count
        var active = sorted[..<nextSpan].filter { $0.upperBound > utf16Start }
        // Whether the paragraphs after the change have the same spans as before it.
        var tailSpansSame: Bool?
        var index = start
        while index < count {
            let kept = old(at: index)
            if index >= firstOld, let kept {
                let spansSame =
                    tailSpansSame
                    ?? (Self.spans(self.unbreakable, from: utf16Starts[oldEnd])
                        == Self.spans(sorted, from: utf16Start))
                tailSpansSame = spansSame
                if spansSame,
                    kept.penBefore == pen
                        || (kept.placedFromZero && kept.penBefore.container == pen.container)
                {
                    // The rest is what it was, in place or moved whole by the same distance.
                    tail = (index - firstOld + oldEnd, kept.penBefore != pen)
                    break
                }
            }
            let paragraphText = kept?.text ?? pieces[index - first]
            let length = kept?.length ?? paragraphText.utf16.count
            let paragraphRange = utf16Start..<(utf16Start + length)
            if nextSpan < sorted.count || !active.isEmpty {
                while nextSpan < sorted.count, sorted[nextSpan].lowerBound < paragraphRange.upperBound {
                    active.append(sorted[nextSpan])
                    nextSpan += 1
                }
                active.removeAll { $0.upperBound <= paragraphRange.lowerBound }
            }
            let spans = active.isEmpty ? [] : Self.spans(active, in: paragraphRange)
            utf16Start += length
            index += 1
            if var kept, kept.unbreakable == spans {
                if kept.penBefore == pen {
                    // Same text, spans and starting place: it lies where it lay.
                    replacement.append(kept)
                    replacementReuse.append(.kept)
                    oldOrigins.append(kept.origin)
                    pen = kept.penAfter
                    continue
                }
                if kept.placedFromZero, kept.penBefore.container == pen.container {
                    // Placed from y = 0 where y does not matter: the same lines, moved.
                    oldOrigins.append(kept.origin)
                    kept.origin = pen.y
                    kept.penBefore = pen
                    kept.penAfter = Pen(container: pen.container, y: pen.y + kept.extent)
                    replacement.append(kept)
                    replacementReuse.append(.moved)
                    lastMoved += 1
                    pen = kept.penAfter
                    continue
                }
            }
            let advances: ShapedAdvances
            if let kept {
                advances = kept.advances
            } else {
                advances = ShapedAdvances(
                    text: paragraphText, fonts: layout.fonts, size: baseSize,
                    baseDirection: style.baseDirection)
                lastShaped += 1
            }
            let fromZero = placementIgnoresY(in: pen.container)
            var flow = LineFlow(
                layout: layout, containers: containers, style: style,
                pen: fromZero ? Pen(container: pen.container, y: 0) : pen)
            flow.place(paragraph: paragraphText, advances: advances, unbreakable: spans)
            lastPlaced += 1
            let after = fromZero ? Pen(container: pen.container, y: pen.y + flow.pen.y) : flow.pen
            replacement.append(
                Paragraph(
                    text: paragraphText, length: length, unbreakable: spans, advances: advances,
                    fragments: flow.fragments, origin: fromZero ? pen.y : 0, placedFromZero: fromZero,
                    extent: flow.pen.y, penBefore: pen, penAfter: after))
            replacementReuse.append(.placed)
            oldOrigins.append(.nan)
            pen = after
        }
        let previousLineCount = lineCount
        let tailOldOrigin = tail.map { paragraphs[$0.oldIndex].origin } ?? .nan
        // In place: the paragraphs kept at both ends are neither copied nor retained again.
        paragraphs.replaceSubrange(start..<(tail?.oldIndex ?? paragraphs.count), with: replacement)
        let tailStart = start + replacement.count
        if let tail, tail.moved {
            lastMoved += paragraphs.count - tailStart
            for position in tailStart..<paragraphs.count {
                paragraphs[position].origin = pen.y
                paragraphs[position].penBefore = pen
                paragraphs[position].penAfter = Pen(
                    container: pen.container, y: pen.y + paragraphs[position].extent)
                pen = paragraphs[position].penAfter
            }
        }
        self.unbreakable = sorted
        byteStarts = newByteStarts
        laidOutLength = text.utf8Count
        utf16Starts.removeSubrange((start + 1)...)
        lineStarts.removeSubrange((start + 1)...)
        for position in start..<paragraphs.count {
            utf16Starts.append(utf16Starts[position] + paragraphs[position].length)
            lineStarts.append(lineStarts[position] + paragraphs[position].fragments.count)
        }
        // How each new paragraph was made, and the origin the kept and moved ones had.
        let tailReuse: Reuse = tail?.moved == true ? .moved : .kept
        func reuse(at index: Int) -> Reuse {
            index < start ? .kept : index < tailStart ? replacementReuse[index - start] : tailReuse
        }
        func oldOrigin(at index: Int) -> Double {
            index < tailStart ? oldOrigins[index - start] : tailOldOrigin
        }
        splice = splice(
            previousLineCount: previousLineCount, reuse: reuse, oldOrigin: oldOrigin, first: first,
            firstOld: firstOld,
            headEnd: start, tailStart: tailStart)
    }

    private var baseSize: Double { style.fitSizes?.lowerBound ?? layout.size }

    /// The old paragraphs the change touches, `first..<oldEnd`, and the bytes of the new text
    /// that replace them (whole paragraphs).
    private func changedParagraphs(
        changes: ChangeSet, newLength: Int
    ) -> (first: Int, oldEnd: Int, middle: Range<Int>) {
        guard !paragraphs.isEmpty else { return (0, 0, 0..<newLength) }
        guard let hull = changes.hull else {
            return (paragraphs.count, paragraphs.count, newLength..<newLength)
        }
        // The bytes before the hull and after it are the old text's, moved.
        let prefix = hull.lowerBound.rawValue
        let suffix = newLength - hull.upperBound.rawValue
        let oldLength = laidOutLength
        // One byte of context each side: a CR whose LF came or went changes its paragraph.
        let first = paragraph(containing: max(prefix - 1, 0))
        let last = paragraph(containing: max(min(oldLength - suffix, oldLength - 1), 0))
        let oldEnd = last + 1
        let middleStart = byteStarts[first]
        let oldMiddleEnd = oldEnd < byteStarts.count ? byteStarts[oldEnd] : oldLength
        let middleEnd = newLength - (oldLength - oldMiddleEnd)
        return (first, oldEnd, middleStart..<max(middleStart, middleEnd))
    }

    /// The index of the old paragraph holding byte `offset`.
    private func paragraph(containing offset: Int) -> Int {
        var low = 0
        var high = byteStarts.count
        while low < high {
            let middle = (low + high) / 2
            if byteStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The parts of `spans` before `end`.
    static func spans(_ spans: [Range<Int>], before end: Int) -> [Range<Int>] {
        spans.compactMap { $0.lowerBound < end ? $0.lowerBound..<min($0.upperBound, end) : nil }
    }

    /// The parts of `spans` from `start` on, made relative to it.
    static func spans(_ spans: [Range<Int>], from start: Int) -> [Range<Int>] {
        spans.compactMap {
            $0.upperBound > start ? (max($0.lowerBound, start) - start)..<($0.upperBound - start) : nil
        }
    }

    /// `spans` clipped to `paragraph` and made relative to its start.
    static func spans(_ spans: [Range<Int>], in paragraph: Range<Int>) -> [Range<Int>] {
        spans.compactMap { span in
            let lower = max(span.lowerBound, paragraph.lowerBound) - paragraph.lowerBound
            let upper = min(span.upperBound, paragraph.upperBound) - paragraph.lowerBound
            return lower < upper ? lower..<upper : nil
        }
    }

    /// Whether lines in `container` are placed the same at every y: the last container (text
    /// never flows on from it) without exclusions.
    private func placementIgnoresY(in container: Int) -> Bool {
        container == containers.count - 1 && containers[container].exclusions.isEmpty
    }
}
