/// A pattern that is one character of a class followed by as many characters of another as
/// follow (`[_$[:alpha:]][_$[:alnum:]]*`, an identifier), perhaps as a whole capture group.
///
/// Grammars search such patterns at almost every word of a line, and a search through PCRE2
/// costs more in the call than in the matching. The classes are given as PCRE2 sources, so
/// that the engine can ask PCRE2 itself which ASCII characters each holds and find the run
/// without it on ASCII text.
public struct ClassRun: Hashable, Sendable {
    /// The first character's class, as a PCRE2 pattern of one class.
    public var first: String
    /// The following characters' class, as a PCRE2 pattern of one class.
    public var rest: String
    /// Whether the run is also capture group 1.
    public var isCaptured: Bool
    /// A class the character after the run must not be in (`(?![…])` after it), as a PCRE2
    /// pattern of one class; nil when nothing follows the run.
    public var notFollowedBy: String?

    /// The run `tree` is, or nil.
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter) -> ClassRun? {
        var node = tree
        var notFollowedBy: String?
        // A run, then a negative lookahead of one class (the run a group, or the sequence's
        // first two elements).
        if case .sequence(let elements) = node, elements.count == 2 || elements.count == 3,
            case .group(.negativeLookahead, let excluded) = elements[elements.count - 1],
            case .set = excluded,
            let source = try? emitter.emit(excluded)
        {
            node = elements.count == 2 ? elements[0] : .sequence(Array(elements[0..<2]))
            notFollowedBy = source
        }
        var isCaptured = false
        if case .group(.capture(1), let body) = node {
            node = body
            isCaptured = true
        }
        guard case .sequence(let elements) = node, elements.count == 2,
            case .set = elements[0],
            case .quantified(let repeated, let quantifier) = elements[1], case .set = repeated,
            quantifier.min == 0, quantifier.max == nil, quantifier.mode != .lazy,
            let first = try? emitter.emit(elements[0]), let rest = try? emitter.emit(repeated)
        else { return nil }
        return ClassRun(first: first, rest: rest, isCaptured: isCaptured, notFollowedBy: notFollowedBy)
    }
}
