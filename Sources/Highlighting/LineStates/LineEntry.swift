/// What the highlighter keeps for one line: the tokenizer state at the line's end and whether
/// the line's styles are known to be right.
///
/// # Invariants
/// A valid line was tokenized, with its current text, from the end state its previous line has
/// *now* (`nil` for the first line's start). Whoever changes a line's end state marks the next
/// line invalid. Hence, when every line is valid, every line carries exactly what a
/// from-scratch pass would give it (induction from the first line).
public struct LineEntry<State: Equatable & Sendable>: Equatable, Sendable {
    /// The state at the line's end, or nil when unknown (a line inserted and not yet
    /// tokenized). Nil never equals a computed state, so the next line is always redone.
    public var endState: State?
    /// Whether the line's styles were computed from the previous line's current end state.
    public var isValid: Bool
    /// The fewest rule frames the state had on the line (`LineTokenization.lowestDepth`),
    /// right while the line is valid: which frames the line closed and opened, for folding.
    public var lowestDepth: Int32

    /// Creates an entry.
    public init(endState: State?, isValid: Bool, lowestDepth: Int32 = 0) {
        self.endState = endState
        self.isValid = isValid
        self.lowestDepth = lowestDepth
    }

    /// An entry for a line nothing is known about yet.
    public static var unknown: LineEntry { LineEntry(endState: nil, isValid: false) }
}
