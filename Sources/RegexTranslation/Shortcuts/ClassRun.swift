/// A pattern that is one character of a class followed by as many characters of another as
/// follow (`[_$[:alpha:]][_$[:alnum:]]*`, an identifier), perhaps as a whole capture group.
///
/// Grammars search such patterns at almost every word of a line, and a search through PCRE2
/// costs more in the call than in the matching. The classes are given as PCRE2 sources, so
/// that the engine can ask PCRE2 itself which ASCII characters each holds and find the run
/// without it on ASCII text.
///
/// The run may be guarded: negative lookbehinds of one or two characters before it (not after
/// a word character, not after a lone dot: `(?<![\w$])(?<![^.]\.)`), and one optional
/// character that no first character can be (`#?`, a private name's sign). On jQuery, such an
/// identifier was the pattern searched most of all, 40,000 times in one tokenization.
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
    /// The negative lookbehinds before the run, in order: each the classes of the one or two
    /// characters it looks for, as PCRE2 patterns of one class, the farthest first.
    public var guards: [[String]]
    /// The class of one optional character before the first (`#?`), which holds none of the
    /// first class's characters; nil when there is none.
    public var optionalPrefix: String?
    /// The steps of a lookahead after the run (`(?=\s*\.)`); nil when there is none.
    public var followedBy: [LookaheadStep]?

    /// Creates the fact.
    public init(
        first: String, rest: String, isCaptured: Bool, notFollowedBy: String?, guards: [[String]] = [],
        optionalPrefix: String? = nil, followedBy: [LookaheadStep]? = nil
    ) {
        self.first = first
        self.rest = rest
        self.isCaptured = isCaptured
        self.notFollowedBy = notFollowedBy
        self.guards = guards
        self.optionalPrefix = optionalPrefix
        self.followedBy = followedBy
    }

    /// The run `tree` is, or nil.
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter) -> ClassRun? {
        var elements: [OnigNode]
        if case .sequence(let items) = tree { elements = items } else { elements = [tree] }
        guard let guards = LookbehindGuards.take(from: &elements, emitter: emitter) else { return nil }
        var notFollowedBy: String?
        // A run, then a negative lookahead of one class.
        if elements.count >= 2, case .group(.negativeLookahead, let excluded) = elements[elements.count - 1],
            case .set = excluded,
            let source = try? emitter.emit(excluded)
        {
            elements.removeLast()
            notFollowedBy = source
        }
        // Or a lookahead of steps the engine can test.
        var followedBy: [LookaheadStep]?
        if notFollowedBy == nil, elements.count >= 2,
            case .group(.lookahead, let body) = elements[elements.count - 1]
        {
            guard let steps = LookaheadStep.steps(of: body, emitter: emitter) else { return nil }
            elements.removeLast()
            followedBy = steps
        }
        var isCaptured = false
        if elements.count == 1, case .group(.capture(1), let body) = elements[0] {
            if case .sequence(let items) = body { elements = items } else { elements = [body] }
            isCaptured = true
        }
        var optionalPrefix: String?
        if elements.count == 3, case .quantified(let optional, let quantifier) = elements[0],
            quantifier.min == 0, quantifier.max == 1, quantifier.mode != .lazy,
            optional.isSingleCharacter
        {
            guard let source = try? emitter.emit(optional) else { return nil }
            optionalPrefix = source
            elements.removeFirst()
        }
        guard elements.count == 2,
            case .set = elements[0],
            case .quantified(let repeated, let quantifier) = elements[1], case .set = repeated,
            quantifier.min == 0, quantifier.max == nil, quantifier.mode != .lazy,
            let first = try? emitter.emit(elements[0]), let rest = try? emitter.emit(repeated)
        else { return nil }
        return ClassRun(
            first: first, rest: rest, isCaptured: isCaptured, notFollowedBy: notFollowedBy, guards: guards,
            optionalPrefix: optionalPrefix, followedBy: followedBy)
    }
}
