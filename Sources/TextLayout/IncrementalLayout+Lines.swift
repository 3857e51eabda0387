/// The layout's lines, made on demand from the paragraphs (ranges in the whole text, y from
/// each paragraph's origin, backgrounds from neighbours), and the splice an update makes of
/// them.
extension IncrementalLayout {
    /// The update just made, as a splice of the previous lines: paragraphs
    /// kept at the start are the same lines; paragraphs kept or moved together at the end are
    /// the previous lines moved; the lines between are sent, with one more on each side when
    /// backgrounds join neighbours.
    func splice(
        previousLineCount: Int, reuse: (Int) -> Reuse, oldOrigin: (Int) -> Double, first: Int, firstOld: Int,
        headEnd: Int, tailStart: Int
    ) -> Splice {
        let count = paragraphs.count
        // The head taken whole is kept; only the paragraphs made one by one are walked.
        var low = headEnd
        while low < min(first, count), reuse(low) == .kept { low += 1 }
        // The tail taken whole is uniform, kept or moved.
        var high = tailStart
        let tail = count > 0 ? reuse(count - 1) : .kept
        while high > max(low, firstOld), reuse(high - 1) != .placed, reuse(high - 1) == tail { high -= 1 }
        var yDelta = 0.0
        if high < count, reuse(high) == .moved { yDelta = paragraphs[high].origin - oldOrigin(high) }
        var start = lineStarts[low]
        var end = lineStarts[high]
        if style.background != nil {
            start = max(start - 1, 0)
            end = min(end + 1, lineCount)
        }
        return Splice(
            start: start, end: end, deleteCount: previousLineCount - (lineCount - end) - start, yDelta: yDelta
        )
    }

    /// Every line, with ranges in the whole text and backgrounds.
    public var fragments: [LineFragment] { lines(in: 0..<lineCount) }

    /// The lines at `range` of the layout, with ranges in the whole text and backgrounds
    /// (from each line's neighbours, so the line on each side is looked at too).
    public func lines(in range: Range<Int>) -> [LineFragment] {
        let range = range.clamped(to: 0..<lineCount)
        guard !range.isEmpty else { return [] }
        let wanted = max(range.lowerBound - 1, 0)..<min(range.upperBound + 1, lineCount)
        var lines: [LineFragment] = []
        lines.reserveCapacity(wanted.count)
        // The paragraph holding the first wanted line: the last whose first line is at or before it.
        var low = 0
        var high = paragraphs.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= wanted.lowerBound { low = middle + 1 } else { high = middle }
        }
        var position = max(low - 1, 0)
        while position < paragraphs.count, lineStarts[position] < wanted.upperBound {
            let paragraph = paragraphs[position]
            for (index, line) in paragraph.fragments.enumerated()
            where wanted.contains(lineStarts[position] + index) {
                lines.append(line.moved(by: utf16Starts[position], down: paragraph.origin))
            }
            position += 1
        }
        let first = range.lowerBound - wanted.lowerBound
        guard style.background != nil else { return Array(lines[first..<(first + range.count)]) }
        return (first..<(first + range.count)).map { index in
            var line = lines[index]
            line.background = LineBackgrounds.background(
                of: line, after: index > 0 ? lines[index - 1] : nil,
                before: index + 1 < lines.count ? lines[index + 1] : nil, style: style)
            return line
        }
    }
}
