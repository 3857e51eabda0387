import TextRope

/// What a processEditing hook is told about the transaction it runs for.
public struct EditingContext: Hashable, Sendable {
    /// The transaction's replacements, in order: what a hook maps what it keeps through, and
    /// whose `regions` are the places it must redo (a reprocessed range counts as replaced by
    /// itself).
    public var changes: ChangeSet
    /// The hull of `changes.regions` in post-edit UTF-8 offsets (empty at the place of a pure
    /// deletion), or nil when only attributes changed.
    public var editedRange: Range<UTF8Offset>?
    /// The paragraphs holding `editedRange` (`NSString.paragraphRange(for:)` semantics): whole
    /// lines including their terminators.
    public var paragraphRange: Range<UTF8Offset>
    /// Post-edit length minus pre-edit length, in UTF-8 bytes.
    public var changeInLength: Int

    /// Creates a context.
    public init(
        changes: ChangeSet, editedRange: Range<UTF8Offset>?, paragraphRange: Range<UTF8Offset>,
        changeInLength: Int
    ) {
        self.changes = changes
        self.editedRange = editedRange
        self.paragraphRange = paragraphRange
        self.changeInLength = changeInLength
    }
}
