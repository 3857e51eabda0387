/// A pattern whose match begins, after zero-width assertions, with a run of one class and then
/// one ASCII byte (`(?<=[=(,]|return)\s*(\{)`: spaces, then a brace).
///
/// Such a match can only start inside the run of class characters that ends right before the
/// byte's first occurrence: from an earlier start, the run cannot reach past the character
/// before that run, which is not in the class, and the byte does not occur before it. So a search may
/// start at the run before the byte's first occurrence, and fails at once when the byte does
/// not occur. PCRE2 cannot know this: the run may be empty, so every character of the class
/// may start a match, and a line indented with spaces offers it one start after another.
public struct LeadingRun: Hashable, Sendable {
    /// The run's class, as a PCRE2 pattern of one class (the engine asks PCRE2 which ASCII
    /// characters it holds).
    public var runClass: String
    /// The byte that follows the run.
    public var byte: UInt8

    /// The leading run of `tree`, or nil when the pattern does not begin so. Patterns that fold
    /// case are left out (the byte would have two spellings), and so are patterns with `\G`,
    /// whose meaning depends on where the search starts.
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter, usesAnchorG: Bool) -> LeadingRun? {
        guard !usesAnchorG, !tree.ignoresCaseAnywhere else { return nil }
        let elements = tree.sequenceItems
        var index = 0
        // Assertions that consume nothing and do not depend on the search start.
        while index < elements.count, elements[index].isZeroWidthAssertion(countingSearchStart: false) {
            index += 1
        }
        guard index + 1 < elements.count, let repeated = run(elements[index]),
            let scalar = elements[index + 1].leadingLiteral, scalar < 0x80,
            let runClass = try? emitter.emit(repeated)
        else { return nil }
        return LeadingRun(runClass: runClass, byte: UInt8(scalar))
    }

    /// The class repeated by `node` (a repetition of one class, perhaps in a group).
    private static func run(_ node: OnigNode) -> OnigNode? {
        switch node {
        case .quantified(let inner, _):
            if case .set = inner { return inner }
            return nil
        case .group(.capture, let body), .group(.nonCapturing, let body): return run(body)
        default: return nil
        }
    }
}
