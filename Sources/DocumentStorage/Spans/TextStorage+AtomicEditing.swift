import TextRope

extension TextStorage {
    /// Applies NSRange-style edits as `applyEdits(_:unit:)` does, treating atomic spans as
    /// `atomic` says; returns the transaction and the edits actually applied (each against the
    /// text the previous one left, in `unit`), which a client applies to mirror the storage.
    public func applyEdits(_ edits: [TextEdit], unit: TextUnit, atomic: AtomicEditing) throws(StorageError)
        -> (transaction: EditingTransaction?, applied: [TextEdit])
    {
        guard atomic == .expand else { return (try applyEdits(edits, unit: unit), edits) }
        var applied: [TextEdit] = []
        let transaction = try applyEdits(edits) { edit, text throws(StorageError) in
            let (end, overflow) = edit.location.addingReportingOverflow(edit.length)
            guard edit.location >= 0, edit.length >= 0, !overflow else {
                throw .invalidRange(location: edit.location, length: edit.length)
            }
            let range: Range<UTF8Offset>
            do throws(TextPositionError) {
                let lower = try text.utf8Offset(edit.location, in: unit)
                range = lower..<(edit.length == 0 ? lower : try text.utf8Offset(end, in: unit))
            } catch {
                throw .invalidOffset(error)
            }
            let widened = rangeExpandedOverAtomicSpans(range)
            // A span may end between `\r` and `\n` (a `\n` typed after its `\r`): widening to
            // it must not split the pair, which the same edit sent there plainly may not either.
            do throws(TextPositionError) {
                for bound in [widened.lowerBound, widened.upperBound]
                where bound != range.lowerBound && bound != range.upperBound {
                    _ = try text.utf8Offset(text.offset(fromUTF8: bound, to: unit), in: unit)
                }
            } catch {
                throw .invalidOffset(error)
            }
            let location = text.offset(fromUTF8: widened.lowerBound, to: unit)
            applied.append(
                TextEdit(
                    location: location,
                    length: text.offset(fromUTF8: widened.upperBound, to: unit) - location,
                    text: edit.text))
            return widened
        }
        return (transaction, applied)
    }

    /// `range` (UTF-8) widened so that it cuts into no atomic span: a range overlapping part
    /// of one grows to cover it whole; an empty range strictly inside one moves to its end.
    ///
    /// Spans never overlap, so the spans `range` overlaps are all a widening can reach.
    public func rangeExpandedOverAtomicSpans(_ range: Range<UTF8Offset>) -> Range<UTF8Offset> {
        var lower = range.lowerBound
        var upper = range.upperBound
        for span in wholeSpans(overlapping: range) where span.attribute.isAtomic {
            let spanRange = span.range
            if range.isEmpty {
                if spanRange.lowerBound < lower && lower < spanRange.upperBound {
                    (lower, upper) = (spanRange.upperBound, spanRange.upperBound)
                }
            } else if spanRange.overlaps(range) {
                lower = min(lower, spanRange.lowerBound)
                upper = max(upper, spanRange.upperBound)
            }
        }
        return lower..<upper
    }

    /// A selection (UTF-8) moved or widened so that neither end lies strictly inside an atomic
    /// span: a caret goes to the span's end or start as it moved `direction`; a range grows to
    /// cover the spans its ends cut.
    public func selectionAdjustedForAtomicSpans(_ selection: Range<UTF8Offset>, direction: SelectionDirection)
        -> Range<UTF8Offset>
    {
        func inside(_ offset: UTF8Offset) -> Range<UTF8Offset>? {
            wholeSpans(overlapping: offset..<offset).first {
                $0.attribute.isAtomic && $0.range.lowerBound < offset && offset < $0.range.upperBound
            }?.range
        }
        if selection.isEmpty {
            guard let span = inside(selection.lowerBound) else { return selection }
            let caret = direction == .forward ? span.upperBound : span.lowerBound
            return caret..<caret
        }
        let lower = inside(selection.lowerBound)?.lowerBound ?? selection.lowerBound
        let upper = inside(selection.upperBound)?.upperBound ?? selection.upperBound
        return lower..<upper
    }
}
