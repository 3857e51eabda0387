/// A place where UAX #14 allows a line to end, in UTF-16 code units from the text's start.
public struct BreakOpportunity: Hashable, Sendable {
    /// The UTF-16 offset of the first code unit of the next line.
    public var utf16Offset: Int

    /// Whether the line must end here (after a line feed, carriage return or other hard
    /// break) rather than merely may.
    public var isMandatory: Bool

    /// Makes an opportunity at `utf16Offset`.
    public init(utf16Offset: Int, isMandatory: Bool) {
        self.utf16Offset = utf16Offset
        self.isMandatory = isMandatory
    }
}
