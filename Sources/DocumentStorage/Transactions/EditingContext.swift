/// What a processEditing hook is told about the transaction it runs for.
public struct EditingContext: Hashable, Sendable {
    /// The union of the edited ranges in post-edit UTF-8 offsets (empty at the place of a pure
    /// deletion), or nil when only attributes changed.
    public var editedRange: Range<Int>?
    /// The paragraphs holding `editedRange` (`NSString.paragraphRange(for:)` semantics): whole
    /// lines including their terminators.
    public var paragraphRange: Range<Int>
    /// Post-edit length minus pre-edit length, in UTF-8 bytes.
    public var changeInLength: Int

    /// Creates a context.
    public init(editedRange: Range<Int>?, paragraphRange: Range<Int>, changeInLength: Int) {
        self.editedRange = editedRange
        self.paragraphRange = paragraphRange
        self.changeInLength = changeInLength
    }
}
