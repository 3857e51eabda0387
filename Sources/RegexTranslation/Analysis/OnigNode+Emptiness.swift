/// Two readings of "matches nothing", for the two kinds of question the analyses ask.
///
/// - `mayMatchEmpty` (some match may consume nothing) is true when unsure: a rewrite that
///   relies on what comes after a node must expect that the node consumed nothing.
/// - `isZeroWidthAssertion` (every match consumes nothing) is false when unsure: a shortcut
///   that skips over a node must be certain that it consumed nothing.
///
/// They differ on purpose where a lookahead must consume: `(?=a)` may not be empty in the
/// first reading (it pins the next character to `a`, which is what the possessive rewrite
/// needs to know), and is a zero-width assertion in the second.
extension OnigNode {
    /// Whether some match of this node may consume no character, so that what follows it may
    /// supply the first character; the same reading as `firstCharacters`'
    /// `mayBeEmpty`, for callers that need no characters.
    ///
    /// True when unsure (verbatim escapes, back-references, calls, conditionals, the absent
    /// operator); a lookahead whose body must consume counts as consuming.
    var mayMatchEmpty: Bool {
        // Any class will do: the characters are dropped.
        firstCharacters(describingClassesWith: { _ in .any }).mayBeEmpty
    }

    /// Whether this node only asserts, so that every match of it consumes nothing: an anchor,
    /// a lookaround, or a non-capturing group, sequence or alternation of nothing else. `\G` counts only
    /// with `countingSearchStart`, since what it asserts depends on where a search starts.
    ///
    /// False when unsure: capture groups, option groups, repetitions and `.empty` (which
    /// asserts nothing) are not looked into.
    func isZeroWidthAssertion(countingSearchStart: Bool) -> Bool {
        switch self {
        case .anchor(let anchor): return countingSearchStart || anchor != .searchStart
        case .group(.lookbehind, _), .group(.negativeLookbehind, _), .group(.lookahead, _),
            .group(.negativeLookahead, _):
            return true
        // A group of nothing but assertions (`(?:(?<=return|[=(,]))`).
        case .group(.nonCapturing, let body):
            return body.isZeroWidthAssertion(countingSearchStart: countingSearchStart)
        case .sequence(let elements):
            return elements.allSatisfy { $0.isZeroWidthAssertion(countingSearchStart: countingSearchStart) }
        // Branches of nothing but assertions (`(?:(?<=\.\.\.)|(?<!\.))`).
        case .alternation(let branches):
            return !branches.isEmpty
                && branches.allSatisfy { $0.isZeroWidthAssertion(countingSearchStart: countingSearchStart) }
        default: return false
        }
    }
}
