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
        guard !usesAnchorG, !Possessifier.ignoresCase(tree) else { return nil }
        let elements: [OnigNode]
        if case .sequence(let sequence) = tree { elements = sequence } else { elements = [tree] }
        var index = 0
        while index < elements.count, isZeroWidth(elements[index]) { index += 1 }
        guard index + 1 < elements.count, let repeated = run(elements[index]),
            let byte = leadingByte(elements[index + 1]),
            let runClass = try? emitter.emit(repeated)
        else { return nil }
        return LeadingRun(runClass: runClass, byte: byte)
    }

    /// Assertions that consume nothing and do not depend on the search start.
    private static func isZeroWidth(_ node: OnigNode) -> Bool {
        switch node {
        case .anchor(let anchor): return anchor != .searchStart
        case .group(.lookbehind, _), .group(.negativeLookbehind, _), .group(.lookahead, _),
            .group(.negativeLookahead, _):
            return true
        // A group of nothing but assertions (`(?:(?<=return|[=(,]))`).
        case .group(.nonCapturing, let body): return isZeroWidth(body)
        case .sequence(let elements): return elements.allSatisfy(isZeroWidth)
        default: return false
        }
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

    /// The ASCII byte a match of `node` must begin with, looking into groups and sequences.
    private static func leadingByte(_ node: OnigNode) -> UInt8? {
        switch node {
        case .literal(let scalar): return scalar < 0x80 ? UInt8(scalar) : nil
        case .group(.capture, let body), .group(.nonCapturing, let body): return leadingByte(body)
        case .sequence(let elements): return elements.first.flatMap(leadingByte)
        default: return nil
        }
    }
}
