import TextRope

extension TextStorage {
    /// Opens (or nests) a transaction: edits accumulate until the matching `endEditing()`.
    public func beginEditing() {
        editingDepth += 1
    }

    /// Closes a transaction; at the outermost level runs the hooks once and returns the record.
    @discardableResult
    public func endEditing() throws(StorageError) -> EditingTransaction? {
        guard editingDepth > 0 else { throw .unbalancedEndEditing }
        editingDepth -= 1
        guard editingDepth == 0, let edits = pending else { return nil }
        pending = nil
        return processEditing(edits)
    }

    /// Replaces `range` (counted in `unit`) with `string`.
    ///
    /// Outside a transaction this is a transaction of its own and returns its record. Ranges
    /// outside the text, splitting a scalar or a `\r\n` pair are rejected with a typed error,
    /// leaving the storage as it was.
    @discardableResult
    public func replaceCharacters(in range: Range<Int>, unit: TextUnit = .utf8, with string: String)
        throws(StorageError) -> EditingTransaction?
    {
        guard !isProcessingEditing else { throw .editDuringProcessing }
        let lower: UTF8Offset
        let upper: UTF8Offset
        do throws(TextPositionError) {
            lower = try text.utf8Offset(range.lowerBound, in: unit)
            upper = range.isEmpty ? lower : try text.utf8Offset(range.upperBound, in: unit)
        } catch {
            throw .invalidOffset(error)
        }
        try checkLength(replacing: lower..<upper, with: string)
        beginEditing()
        applyValidatedEdit(lower..<upper, with: string)
        return try endEditing()
    }

    /// Replaces a UTF-8 range with `string`, validated as `replaceCharacters(in:unit:with:)`
    /// validates it.
    @discardableResult
    public func replaceCharacters(in range: Range<UTF8Offset>, with string: String) throws(StorageError)
        -> EditingTransaction?
    {
        try replaceCharacters(in: range.bytes, unit: .utf8, with: string)
    }

    /// Applies several NSRange-style edits (`location`, `length` in `unit`, each against the
    /// text left by the previous one) as one transaction; if any is invalid none is applied.
    @discardableResult
    public func applyEdits(_ edits: [TextEdit], unit: TextUnit) throws(StorageError) -> EditingTransaction? {
        try applyEdits(edits) { edit, text throws(StorageError) in
            // The end is computed only once it is known not to overflow: both numbers come
            // from clients and may be anywhere in Int's range.
            let (end, overflow) = edit.location.addingReportingOverflow(edit.length)
            guard edit.location >= 0, edit.length >= 0, !overflow else {
                throw .invalidRange(location: edit.location, length: edit.length)
            }
            do throws(TextPositionError) {
                let lower = try text.utf8Offset(edit.location, in: unit)
                let upper = edit.length == 0 ? lower : try text.utf8Offset(end, in: unit)
                return lower..<upper
            } catch {
                throw .invalidOffset(error)
            }
        }
    }

    /// Applies several LSP-style edits (line/character positions with characters counted in
    /// `unit`, each against the text left by the previous one; no range means the whole text)
    /// as one transaction; if any is invalid none is applied.
    @discardableResult
    public func applyEdits(_ edits: [PositionEdit], unit: TextUnit) throws(StorageError)
        -> EditingTransaction?
    {
        try applyEdits(edits) { edit, text throws(StorageError) in
            guard let range = edit.range else { return text.utf8Range }
            let lower: UTF8Offset
            let upper: UTF8Offset
            do throws(TextPositionError) {
                lower = try text.utf8Offset(of: range.start, unit: unit)
                upper = try text.utf8Offset(of: range.end, unit: unit)
            } catch {
                throw .invalidOffset(error)
            }
            guard lower <= upper else { throw .invalidPositions(start: range.start, end: range.end) }
            return lower..<upper
        }
    }

    /// Applies edits whose UTF-8 ranges `resolve` finds against the current text, atomically.
    func applyEdits<Edit: ReplacementEdit>(
        _ edits: [Edit], resolve: (Edit, TextBuffer) throws(StorageError) -> Range<UTF8Offset>
    ) throws(StorageError) -> EditingTransaction? {
        guard !isProcessingEditing else { throw .editDuringProcessing }
        // Undo records rather than a snapshot: a snapshot would share the ropes' nodes and
        // push every edit off the in-place fast path.
        let savedPending = pending
        let savedDirtyRanges = dirtyRanges
        let savedBracketRanges = (bracketDirtyRanges, deferredBracketRanges)
        let savedHeldRanges = (heldDirtyRanges, heldBracketRanges)
        var undo: [EditUndoRecord] = []
        beginEditing()
        for edit in edits {
            do throws(StorageError) {
                let range = try resolve(edit, text)
                try checkLength(replacing: range, with: edit.text)
                if edits.count > 1 || editingDepth > 1 {
                    undo.append(undoRecord(for: range, insertedLength: edit.text.utf8.count))
                }
                applyValidatedEdit(range, with: edit.text)
            } catch {
                for record in undo.reversed() { revert(record) }
                pending = savedPending
                dirtyRanges = savedDirtyRanges
                (bracketDirtyRanges, deferredBracketRanges) = savedBracketRanges
                (heldDirtyRanges, heldBracketRanges) = savedHeldRanges
                editingDepth -= 1
                throw error
            }
        }
        return try endEditing()
    }

    /// Rejects an edit that would make the text longer than `maximumLength`.
    private func checkLength(replacing range: Range<UTF8Offset>, with string: String) throws(StorageError) {
        let length = text.utf8Count - range.bytes.count + string.utf8.count
        guard length <= lengthLimit else { throw .textTooLong(length: length, limit: lengthLimit) }
    }

    /// What it takes to undo replacing `range` with `insertedLength` bytes.
    private func undoRecord(for range: Range<UTF8Offset>, insertedLength: Int) -> EditUndoRecord {
        EditUndoRecord(
            insertedRange: range.lowerBound..<(range.lowerBound + insertedLength),
            deletedText: text.substring(range),
            deletedSyntax: syntaxLayer.runs(in: range.bytes),
            deletedLinks: linkLayer.runs(in: range.bytes),
            deletedSpans: spanLayer.runs(in: range.bytes),
            deletedBrackets: bracketLayer.runs(in: range.bytes)
        )
    }

    private func revert(_ record: EditUndoRecord) {
        text.replace(record.insertedRange, with: record.deletedText)
        let restoredLength = record.deletedText.utf8.count
        let inserted = record.insertedRange.bytes
        syntaxLayer.replace(inserted, insertedLength: restoredLength)
        linkLayer.replace(inserted, insertedLength: restoredLength)
        spanLayer.replace(inserted, insertedLength: restoredLength)
        bracketLayer.replace(inserted, insertedLength: restoredLength)
        syntaxLayer.set(record.deletedSyntax, at: inserted.lowerBound)
        linkLayer.set(record.deletedLinks, at: inserted.lowerBound)
        spanLayer.set(record.deletedSpans, at: inserted.lowerBound)
        bracketLayer.set(record.deletedBrackets, at: inserted.lowerBound)
    }

    /// Applies one edit already validated, recording it in the pending change set and
    /// mapping the dirty ranges through it.
    func applyValidatedEdit(_ range: Range<UTF8Offset>, with string: String) {
        let insertedLength = string.utf8.count
        if pending == nil {
            pending = PendingEdits(changes: ChangeSet(), editCount: 0, lengthsBefore: text.summary)
        }
        let linesBefore = text.lineCount
        text.replace(range, with: string)
        syntaxLayer.replace(range.bytes, insertedLength: insertedLength)
        linkLayer.replace(range.bytes, insertedLength: insertedLength)
        spanLayer.replace(range.bytes, insertedLength: insertedLength)
        bracketLayer.replace(range.bytes, insertedLength: insertedLength)
        let replacement = ChangeSet.Replacement(
            range: range, insertedLength: insertedLength, lineCountChange: text.lineCount - linesBefore)
        pending?.changes.append(replacement)
        pending?.editCount += 1
        let map = { (dirty: Range<UTF8Offset>) -> Range<UTF8Offset>? in
            let mapped = replacement.map(dirty)
            return mapped.isEmpty ? nil : mapped
        }
        dirtyRanges = dirtyRanges.compactMap(map)
        bracketDirtyRanges = bracketDirtyRanges.compactMap(map)
        deferredBracketRanges = deferredBracketRanges.compactMap(map)
        if !heldDirtyRanges.isEmpty { heldDirtyRanges = heldDirtyRanges.compactMap(map) }
        if !heldBracketRanges.isEmpty { heldBracketRanges = heldBracketRanges.compactMap(map) }
    }
}

/// An edit that replaces a range with text.
protocol ReplacementEdit {
    var text: String { get }
}

extension TextEdit: ReplacementEdit {}
extension PositionEdit: ReplacementEdit {}

/// One LSP-style replacement: the text between two line/character positions (or the whole
/// text when `range` is nil) becomes `text`.
public struct PositionEdit: Hashable, Sendable {
    /// Start and end positions, characters counted in the unit the caller names.
    public var range: (start: LinePosition, end: LinePosition)?
    /// The replacement.
    public var text: String

    /// Creates an edit of a range, or of the whole text if `range` is nil.
    public init(range: (start: LinePosition, end: LinePosition)?, text: String) {
        self.range = range
        self.text = text
    }

    public static func == (lhs: PositionEdit, rhs: PositionEdit) -> Bool {
        lhs.text == rhs.text && lhs.range?.start == rhs.range?.start && lhs.range?.end == rhs.range?.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range?.start)
        hasher.combine(range?.end)
    }
}

/// One NSRange-style replacement: `length` units at `location` become `text`.
public struct TextEdit: Hashable, Sendable {
    /// Where the replaced range starts, in the unit the caller names.
    public var location: Int
    /// How long the replaced range is, in the same unit.
    public var length: Int
    /// The replacement.
    public var text: String

    /// Creates an edit.
    public init(location: Int, length: Int, text: String) {
        self.location = location
        self.length = length
        self.text = text
    }
}

/// The state an applied edit destroyed, kept until its batch is known to be valid.
struct EditUndoRecord {
    var insertedRange: Range<UTF8Offset>
    var deletedText: String
    var deletedSyntax: [AttributeRun<StyleID>]
    var deletedLinks: [AttributeRun<LinkAttribute?>]
    var deletedSpans: [AttributeRun<SpanAttribute?>]
    var deletedBrackets: [AttributeRun<BracketMark?>]
}
