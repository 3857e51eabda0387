import TextRope

extension TextStorage {
    /// Replaces every span inside `range` with `spans` (which must lie inside it and not
    /// overlap; a span overlapping an earlier one is dropped).
    ///
    /// A span with id 0 gets an id: the id of the same span (kind, data, flags) at the same
    /// place if there was one, so unchanged spans stay unchanged in deltas, else a new one. Its
    /// recorded `length` becomes its length here.
    public func setSpans(_ spans: [Span], replacingIn range: Range<UTF8Offset>) {
        let range = range.bytes
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.utf8Count else { return }
        let oldRuns = spanLayer.runs(in: range)
        let oldSpans = Self.spans(of: oldRuns, at: range.lowerBound)
        var runs: [AttributeRun<SpanAttribute?>] = []
        var position = range.lowerBound
        // Old and new spans are both in order and disjoint, so one cursor through the old ones
        // finds each new span's predecessor: linear, where a search per span was quadratic in
        // the spans of the range (a line of 20,000 mentions took seconds per keystroke).
        var oldIndex = 0
        for span in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let lower = max(span.range.lowerBound.rawValue, position)
            let upper = min(span.range.upperBound.rawValue, range.upperBound)
            guard lower == span.range.lowerBound.rawValue, lower < upper else { continue }
            var attribute = span.attribute
            attribute.length = upper - lower
            if attribute.id == 0 {
                while oldIndex < oldSpans.count, oldSpans[oldIndex].range.lowerBound.rawValue < lower {
                    oldIndex += 1
                }
                var previous: SpanAttribute?
                if oldIndex < oldSpans.count, oldSpans[oldIndex].range == Range(bytes: lower..<upper) {
                    var old = oldSpans[oldIndex].attribute
                    old.id = 0
                    if old == attribute { previous = oldSpans[oldIndex].attribute }
                }
                attribute.id = previous?.id ?? makeSpanID()
            }
            runs.appendMerging(AttributeRun(length: lower - position, value: nil))
            runs.append(AttributeRun(length: upper - lower, value: attribute))
            position = upper
        }
        runs.appendMerging(AttributeRun(length: range.upperBound - position, value: nil))
        journal?.append(.spans(offset: range.lowerBound, old: oldRuns))
        if let changed = Self.changedRange(old: oldRuns, new: runs, at: range.lowerBound) {
            dirtyRanges.append(Range(bytes: changed))
            spanLayer.set(runs, at: range.lowerBound)
        }
    }

    /// Takes the spans a client gave (`isGiven`) from `other`, a storage over the same text,
    /// ids and recorded lengths included (a span an edit split stays split): a document
    /// rebuilt with another grammar or theme keeps them, while the span hook finds the
    /// detected ones again. Ids made later do not collide with the adopted ones. Does nothing
    /// when the texts differ in length.
    public func adoptGivenSpans(from other: TextStorage) {
        let length = text.utf8Count
        guard other.text.utf8Count == length, length > 0 else { return }
        nextSpanID = max(nextSpanID, other.nextSpanID)
        var runs: [AttributeRun<SpanAttribute?>] = []
        for run in other.spanLayer.runs(in: 0..<length) {
            runs.appendMerging(
                AttributeRun(length: run.length, value: run.value?.isGiven == true ? run.value : nil))
        }
        guard runs.contains(where: { $0.value != nil }) else { return }
        spanLayer.set(runs, at: 0)
        dirtyRanges.append(text.utf8Range)
    }

    /// A fresh span id.
    public func makeSpanID() -> Int {
        defer { nextSpanID += 1 }
        return nextSpanID
    }

    /// The spans overlapping a UTF-8 range, clipped to it.
    public func spans(in range: Range<UTF8Offset>) -> [Span] {
        Self.spans(of: spanLayer.runs(in: range.bytes), at: range.lowerBound.rawValue)
    }

    /// The spans overlapping a UTF-8 range, whole (not clipped): what editing and selection
    /// need to see where a span really starts and ends.
    public func wholeSpans(overlapping range: Range<UTF8Offset>) -> [Span] {
        let range = range.bytes
        let length = text.utf8Count
        let lower = max(0, min(range.lowerBound, length))
        let upper = max(lower, min(range.upperBound, length))
        // A span's run is never longer than its recorded length (it only shrinks or splits),
        // so looking that far beyond each end finds where the end spans start and stop.
        let first = spanLayer.runs(in: lower..<min(lower + 1, length)).first?.value
        let last = upper > 0 ? spanLayer.runs(in: (upper - 1)..<upper).first?.value : nil
        let from = max(0, lower - (first?.length ?? 0))
        let to = min(length, upper + (last?.length ?? 0))
        return spans(in: Range(bytes: from..<to)).filter {
            $0.range.bytes.overlaps(lower..<upper) || (lower == upper && $0.range.bytes.contains(lower))
        }
    }

    /// The spans described by span-layer runs starting at `offset`.
    static func spans(of runs: [AttributeRun<SpanAttribute?>], at offset: Int) -> [Span] {
        var result: [Span] = []
        var position = offset
        for run in runs {
            if let attribute = run.value {
                result.append(
                    Span(range: Range(bytes: position..<(position + run.length)), attribute: attribute))
            }
            position += run.length
        }
        return result
    }
}
