import TextRope

/// The advance of every grapheme cluster of a text, in pixels, from shaping it run by run.
///
/// Each grapheme's advance is kept at its first UTF-16 unit (the others hold zero), so the
/// width of any range of whole graphemes is a sum, however the line breaker cuts graphemes.
/// A glyph cluster that joins several graphemes (a ligature) gives each an equal share.
/// Runs break where the font or the bidi level changes, and each is shaped in its level's
/// direction (HarfBuzz mirrors brackets in right-to-left runs).
struct ShapedAdvances {
    /// Pixels at each UTF-16 offset.
    private(set) var advance: [Double]
    /// The UTF-16 ranges of the grapheme clusters, in order.
    private(set) var graphemes: [Range<Int>] = []
    /// For each UTF-16 offset, whether a line may let it hang past its end (spaces, breaks).
    private var hanging: [Bool]
    /// The paragraph's bidi levels, or nil when it is left to right throughout.
    private(set) var bidi: BidiParagraph?

    /// Whether the paragraph's base direction is right to left (its lines align right).
    var isRightToLeft: Bool { bidi?.isRightToLeft ?? false }
    /// The UTF-16 offset of the first grapheme cluster longer than
    /// ``ParagraphLayout/maximumShapedClusterLength``, of which only that many units were shaped.
    private(set) var firstTruncatedCluster: Int?

    init(text: String, fonts: FontSet, size: Double, baseDirection: ParagraphStyle.BaseDirection = .auto) {
        let units = Array(text.utf16)
        advance = Array(repeating: 0, count: units.count)
        hanging = Array(repeating: false, count: units.count)
        bidi = BidiParagraph(units: units, base: baseDirection)
        var runs: [(range: Range<Int>, font: LayoutFont, level: UInt8)] = []
        var offset = 0
        for character in text {
            let length = character.utf16.count
            let range = offset..<(offset + length)
            graphemes.append(range)
            offset += length
            if character.isNewline {
                hanging[range.lowerBound] = true
                continue
            }
            if let first = character.unicodeScalars.first,
                first.properties.generalCategory == .spaceSeparator,
                ![0x00A0, 0x2007, 0x202F].contains(first.value)
            {
                hanging[range.lowerBound] = true
            }
            // HarfBuzz's time grows with the square of a cluster's length (`a` and 100,000
            // U+0301 took 19 s), so an overlong cluster is shaped only up to the cap: it shows
            // its first marks, and nothing else it holds changes any advance.
            let cap = ParagraphLayout.maximumShapedClusterLength
            let shaped = length > cap ? range.lowerBound..<(range.lowerBound + cap) : range
            if length > cap, firstTruncatedCluster == nil { firstTruncatedCluster = range.lowerBound }
            let font = fonts.font(for: character.unicodeScalars.prefix(cap))
            let level = bidi?.level(at: range.lowerBound) ?? 0
            if let last = runs.last, last.font === font, last.level == level,
                last.range.upperBound == shaped.lowerBound
            {
                runs[runs.count - 1].range = last.range.lowerBound..<shaped.upperBound
            } else {
                runs.append((shaped, font, level))
            }
        }
        for run in runs {
            // Left-to-right paragraphs keep HarfBuzz's guess, as hb-shape makes it.
            let direction: Shaper.Direction? =
                bidi == nil ? nil : run.level & 1 == 1 ? .rightToLeft : .leftToRight
            distribute(run: run.range, font: run.font, direction: direction, size: size, units: units)
        }
    }

    /// Shapes one run and shares each glyph cluster's advance among its graphemes.
    private mutating func distribute(
        run: Range<Int>, font: LayoutFont, direction: Shaper.Direction?, size: Double, units: [UInt16]
    ) {
        let text = String(decoding: units[run], as: UTF16.self)
        let glyphs = Shaper.shape(text, font: font, direction: direction)
        let scale = size / Double(font.unitsPerEm)
        // Each glyph cluster's advance at its first offset in the run: glyphs come in visual
        // order, clusters are logical offsets, so they are summed by offset, then walked in
        // logical order beside the graphemes.
        var totals = [Int64](repeating: 0, count: run.count)
        var isClusterStart = [Bool](repeating: false, count: run.count)
        for glyph in glyphs where glyph.cluster >= 0 && glyph.cluster < run.count {
            totals[glyph.cluster] += Int64(glyph.xAdvance)
            isClusterStart[glyph.cluster] = true
        }
        var grapheme = firstGrapheme(startingAtOrAfter: run.lowerBound)
        var start = 0
        while start < run.count {
            var end = start + 1
            while end < run.count, !isClusterStart[end] { end += 1 }
            guard isClusterStart[start] else {
                start = end
                continue
            }
            // The graphemes that start inside this cluster share its advance.
            while grapheme < graphemes.count, graphemes[grapheme].lowerBound < run.lowerBound + start {
                grapheme += 1
            }
            var last = grapheme
            while last < graphemes.count, graphemes[last].lowerBound < run.lowerBound + end { last += 1 }
            if last > grapheme {
                let share = Double(totals[start]) * scale / Double(last - grapheme)
                for index in grapheme..<last { advance[graphemes[index].lowerBound] = share }
            }
            grapheme = last
            start = end
        }
    }

    /// The index of the first grapheme that starts at or after `offset`.
    private func firstGrapheme(startingAtOrAfter offset: Int) -> Int {
        var low = 0
        var high = graphemes.count
        while low < high {
            let middle = (low + high) / 2
            if graphemes[middle].lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func width(of range: Range<Int>) -> Double {
        range.reduce(0) { $0 + advance[$1] }
    }

    func hangs(at offset: Int) -> Bool { offset < hanging.count && hanging[offset] }

    /// The width of `line` without the spaces and line breaks that hang at its end.
    func contentWidth(of line: Range<Int>) -> Double {
        var end = line.upperBound
        while end > line.lowerBound {
            let start = graphemeStart(before: end)
            guard hangs(at: start) else { break }
            end = start
        }
        return width(of: line.lowerBound..<end)
    }

    /// The rectangles of the graphemes of `line` with advances scaled by `scale`, in logical
    /// order, placed in visual order in the slot from `x` that is `limit` wide: from its left
    /// edge in a left-to-right paragraph, from its right edge in a right-to-left one. What
    /// hangs out of the slot (trailing spaces, at the line's end side) is cut at its edge, so
    /// a caret after a trailing space stays in its line's slot. Ranges are moved by `offset`.
    func clusterRects(
        in line: Range<Int>, x origin: Double, y: Double, height: Double, width limit: Double, scale: Double,
        offset: Int
    ) -> [ClusterRect] {
        func rect(_ range: Range<Int>, left: Double, advance: Double, isRightToLeft: Bool) -> ClusterRect {
            let lower = min(max(left, 0), limit)
            let upper = min(max(left + advance, 0), limit)
            return ClusterRect(
                range: Range(units: (range.lowerBound + offset)..<(range.upperBound + offset)),
                rect: LayoutRect(x: origin + lower, y: y, width: upper - lower, height: height),
                isRightToLeft: isRightToLeft)
        }
        let ranges = graphemes(in: line)
        guard let bidi else {
            // Left to right throughout: logical order is visual order, one pass.
            var x = 0.0
            return ranges.map { range in
                let advance = width(of: range) * scale
                defer { x += advance }
                return rect(range, left: x, advance: advance, isRightToLeft: false)
            }
        }
        let clusters = Array(ranges)
        let advances = clusters.map { width(of: $0) * scale }
        let (order, levels) = bidi.reorder(line: clusters)
        var lefts = Array(repeating: 0.0, count: clusters.count)
        if bidi.isRightToLeft {
            var x = limit
            for index in order.reversed() {
                x -= advances[index]
                lefts[index] = x
            }
        } else {
            var x = 0.0
            for index in order {
                lefts[index] = x
                x += advances[index]
            }
        }
        return clusters.indices.map { index in
            rect(
                clusters[index], left: lefts[index], advance: advances[index],
                isRightToLeft: levels[index] & 1 == 1)
        }
    }

    private func graphemes(in line: Range<Int>) -> ArraySlice<Range<Int>> {
        let low = firstGrapheme(startingAtOrAfter: line.lowerBound)
        var end = low
        while end < graphemes.count, graphemes[end].lowerBound < line.upperBound { end += 1 }
        return graphemes[low..<end]
    }

    /// The start of the last grapheme that starts before `offset`.
    private func graphemeStart(before offset: Int) -> Int {
        let index = firstGrapheme(startingAtOrAfter: offset)
        return index > 0 ? graphemes[index - 1].lowerBound : 0
    }
}
