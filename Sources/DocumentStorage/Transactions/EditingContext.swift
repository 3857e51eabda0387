import TextRope

/// What a processEditing hook is told about the transaction it runs for.
public struct EditingContext: Hashable, Sendable {
    /// The transaction's replacements, in order: what a hook maps what it keeps through, and
    /// whose `regions` are the places it must redo (a reprocessed range counts as replaced by
    /// itself).
    public let changes: ChangeSet
    /// `changes.regions`, worked out once for every hook (each redoes them).
    public let regions: [ChangeSet.Region]
    /// The hull of `regions` in post-edit UTF-8 offsets (empty at the place of a pure
    /// deletion), or nil when nothing was replaced.
    public var editedRange: Range<UTF8Offset>? {
        guard let first = regions.first, let last = regions.last else { return nil }
        return first.range.lowerBound..<last.range.upperBound
    }
    /// The paragraphs holding `editedRange` (`NSString.paragraphRange(for:)` semantics): whole
    /// lines including their terminators.
    public var paragraphRange: Range<UTF8Offset>
    /// Post-edit length minus pre-edit length, in UTF-8 bytes.
    public var changeInLength: Int

    /// Creates a context; `paragraphRange` should hold `editedRange`'s lines.
    public init(changes: ChangeSet, paragraphRange: Range<UTF8Offset>, changeInLength: Int) {
        self.changes = changes
        regions = changes.regions
        self.paragraphRange = paragraphRange
        self.changeInLength = changeInLength
    }
}
