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

    /// Creates the fact.
    public init(
        first: String, rest: String, isCaptured: Bool, notFollowedBy: String?, guards: [[String]] = [],
        optionalPrefix: String? = nil
    ) {
        self.first = first
        self.rest = rest
        self.isCaptured = isCaptured
        self.notFollowedBy = notFollowedBy
        self.guards = guards
        self.optionalPrefix = optionalPrefix
    }

    /// The most guards a run keeps; a pattern with more stays on PCRE2.
    public static let maximumGuards = 3

    /// The run `tree` is, or nil.
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter) -> ClassRun? {
        var elements: [OnigNode]
        if case .sequence(let items) = tree { elements = items } else { elements = [tree] }
        var guards: [[String]] = []
        while let head = elements.first, case .group(.negativeLookbehind, let body) = head {
            guard guards.count < maximumGuards, let sources = guardSources(body, emitter: emitter) else {
                return nil
            }
            guards.append(sources)
            elements.removeFirst()
        }
        var notFollowedBy: String?
        // A run, then a negative lookahead of one class.
        if elements.count >= 2, case .group(.negativeLookahead, let excluded) = elements[elements.count - 1],
            case .set = excluded,
            let source = try? emitter.emit(excluded)
        {
            elements.removeLast()
            notFollowedBy = source
        }
        var isCaptured = false
        if elements.count == 1, case .group(.capture(1), let body) = elements[0] {
            if case .sequence(let items) = body { elements = items } else { elements = [body] }
            isCaptured = true
        }
        var optionalPrefix: String?
        if elements.count == 3, case .quantified(let optional, let quantifier) = elements[0],
            quantifier.min == 0, quantifier.max == 1, quantifier.mode != .lazy, isOneCharacter(optional)
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
            optionalPrefix: optionalPrefix)
    }

    /// The classes of a guard's characters: a lookbehind body of one or two single
    /// characters, or nil.
    private static func guardSources(_ body: OnigNode, emitter: PCRE2Emitter) -> [String]? {
        let characters: [OnigNode]
        if case .sequence(let items) = body { characters = items } else { characters = [body] }
        guard (1...2).contains(characters.count), characters.allSatisfy(isOneCharacter) else { return nil }
        var sources: [String] = []
        for character in characters {
            guard let source = try? emitter.emit(character) else { return nil }
            sources.append(source)
        }
        return sources
    }

    /// Whether `node` is a literal character or a class: exactly one character, whose class
    /// the engine can ask PCRE2 about.
    private static func isOneCharacter(_ node: OnigNode) -> Bool {
        switch node {
        case .literal, .set: true
        default: false
        }
    }
}
