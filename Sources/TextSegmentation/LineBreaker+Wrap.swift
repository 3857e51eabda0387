import CICU

extension LineBreaker {
    /// Where a line starts: after a mandatory break, or at a soft wrap.
    struct LineStart {
        var offset: Int
        var isSoft: Bool
    }

    /// The greedy wrap: each line takes graphemes until the next would pass `columns`, then
    /// ends at its last allowed opportunity (or, with none, at a grapheme boundary, before the
    /// unbreakable span being split when that span does not start the line).
    func wrap(_ text: String, columns: Int, unbreakable: [Range<Int>]) -> [LineStart] {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return [] }
        return units.withUnsafeBufferPointer { buffer in
            wrap(buffer, columns: max(columns, 1), unbreakable: unbreakable)
        }
    }

    func wrap(_ units: UnsafeBufferPointer<UInt16>, columns: Int, unbreakable: [Range<Int>]) -> [LineStart] {
        wrap(
            units, limit: { _ in columns }, unbreakable: unbreakable,
            measure: { range, column in measure(units, range, column: column) })
    }

    /// The greedy wrap over any measure: `measure(range, position)` gives the width of the
    /// grapheme at `range` placed at `position` on its line, and whether it may hang past
    /// the margin (a space). Columns for terminals, shaped advances for layout. `limit` is
    /// asked once for each line, in order, with the offset where the line starts: lines of
    /// one text may have different widths (text flowing around a shape).
    func wrap<Width: Numeric & Comparable>(
        _ units: UnsafeBufferPointer<UInt16>, limit: (Int) -> Width, unbreakable: [Range<Int>],
        measure: (Range<Int>, Width) -> (width: Width, hangs: Bool)
    ) -> [LineStart] {
        var columns = limit(0)
        let graphemeEnds = ICUBreakIterator.graphemes.boundaries(of: units).map(\.offset)
        // Without ICU's data, fall back to one grapheme per code unit rather than failing.
        let ends = graphemeEnds.isEmpty ? Array(1...units.count) : graphemeEnds
        let starts = [0] + ends.dropLast()
        let opportunities = opportunityKinds(units)
        let spanStart = containingSpanStarts(unbreakable, length: units.count)

        var result: [LineStart] = []
        var lineStart = 0
        var column: Width = 0
        var lastOpportunity: Int?
        var index = 0
        while index < starts.count {
            let start = starts[index]
            if start > lineStart {
                if opportunities[start] == .mandatory {
                    result.append(LineStart(offset: start, isSoft: false))
                    lineStart = start
                    columns = limit(lineStart)
                    column = 0
                    lastOpportunity = nil
                } else if opportunities[start] == .allowed, spanStart[start] < 0 {
                    lastOpportunity = index
                }
            }
            // A grapheme is at most `maximumTabWidth` columns wide, so `column` stays far from
            // overflowing however long the line.
            let (width, hangs) = measure(start..<ends[index], column)
            if !hangs, column > 0, column + width > columns {
                let breakIndex: Int
                if let opportunity = lastOpportunity {
                    breakIndex = opportunity
                } else if spanStart[start] > lineStart {
                    // Keep the span whole if it fits: move it, from its start, to a new line.
                    breakIndex = starts.partitioningIndex { $0 >= spanStart[start] }
                } else {
                    breakIndex = index
                }
                lineStart = starts[breakIndex]
                result.append(LineStart(offset: lineStart, isSoft: true))
                columns = limit(lineStart)
                column = 0
                lastOpportunity = nil
                index = breakIndex
                continue
            }
            column += width
            index += 1
        }
        return result
    }

    /// A grapheme's width at `column`, and whether it is a space that may hang past the margin.
    func measure(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, column: Int) -> (
        width: Int, hangs: Bool
    ) {
        // Fast path: a lone printable ASCII character.
        if range.count == 1, units[range.lowerBound] > 0x20, units[range.lowerBound] < 0x7F {
            return (1, false)
        }
        let scalars = UTF16Scalars(units: units, range: range)
        var iterator = scalars
        guard let first = iterator.next() else { return (0, false) }
        if first == "\t" {
            let stop = configuration.tabWidth
            return (stop - column % stop, false)
        }
        let isSpace =
            first.properties.generalCategory == .spaceSeparator
            && ![0x00A0, 0x2007, 0x202F].contains(first.value)
        return (ColumnWidth.of(scalars: scalars), isSpace)
    }

    /// What ICU's line iterator allows at each UTF-16 offset (index `count` is the end).
    func opportunityKinds(_ units: UnsafeBufferPointer<UInt16>) -> [Opportunity] {
        var kinds = [Opportunity](repeating: .none, count: units.count + 1)
        for boundary in ICUBreakIterator.lines.boundaries(of: units) {
            let isHard =
                boundary.status >= UBRK_LINE_HARD.rawValue && boundary.status < UBRK_LINE_HARD_LIMIT.rawValue
            kinds[boundary.offset] = isHard ? .mandatory : .allowed
        }
        return kinds
    }

    /// For each UTF-16 offset strictly inside an unbreakable span, the start of the (merged)
    /// span; -1 elsewhere. Spans are clamped to the text.
    func containingSpanStarts(_ spans: [Range<Int>], length: Int) -> [Int] {
        var starts = [Int](repeating: -1, count: length + 1)
        let clamped = spans.map { max($0.lowerBound, 0)..<min(max($0.upperBound, 0), length) }
        var merged: [Range<Int>] = []
        for span in clamped.sorted(by: { $0.lowerBound < $1.lowerBound }) where !span.isEmpty {
            if let last = merged.last, span.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        for span in merged where span.count > 1 {
            for offset in (span.lowerBound + 1)..<span.upperBound { starts[offset] = span.lowerBound }
        }
        return starts
    }

    /// What UAX #14 allows at an offset.
    enum Opportunity {
        case none
        case allowed
        case mandatory
    }
}

extension Array where Element == Int {
    /// The first index whose element satisfies `belongs`, for an array partitioned by it.
    fileprivate func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
