/// A pattern that is a list of ASCII words tried in order, behind negative lookbehinds of one
/// or two characters and perhaps before a negative lookahead of one class:
/// `(?<![\w$])(?<![^.]\.)(?:if|else|switch)(?![\w$])`, a keyword that is neither part of a
/// longer name nor a property after a dot, perhaps as the whole of capture group 1.
///
/// JavaScript's grammar has dozens of such lists, and on jQuery they were a seventh of all
/// search time: PCRE2 is called at each search and tries the alternatives one by one at each
/// letter that may begin one. The engine finds the same match by comparing bytes: the guards
/// and the lookahead's class are asked of PCRE2 for ASCII, and a byte outside ASCII where
/// one is read sends the search back to PCRE2.
public struct WordList: Hashable, Sendable {
    /// The words, in the pattern's order (an earlier word wins at one place).
    public var words: [[UInt8]]
    /// The negative lookbehinds before the words (see `ClassRun.guards`).
    public var guards: [[String]]
    /// Whether the words are also capture group 1.
    public var isCaptured: Bool
    /// A class (or one character) the character after the word must not be, as a PCRE2
    /// pattern of one class; nil when nothing follows the words.
    public var notFollowedBy: String?

    /// Creates the fact.
    public init(words: [[UInt8]], guards: [[String]], isCaptured: Bool, notFollowedBy: String?) {
        self.words = words
        self.guards = guards
        self.isCaptured = isCaptured
        self.notFollowedBy = notFollowedBy
    }

    /// The most words a list keeps; a longer one stays on PCRE2, whose alternation is then
    /// no slower than comparing them one by one.
    public static let maximumWords = 64

    /// The word list `tree` is, or nil.
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter) -> WordList? {
        var elements: [OnigNode]
        if case .sequence(let items) = tree { elements = items } else { elements = [tree] }
        guard let guards = LookbehindGuards.take(from: &elements, emitter: emitter) else { return nil }
        var notFollowedBy: String?
        if elements.count == 2, case .group(.negativeLookahead, let excluded) = elements[1],
            excluded.isSingleCharacter
        {
            guard let source = try? emitter.emit(excluded) else { return nil }
            notFollowedBy = source
            elements.removeLast()
        }
        guard elements.count == 1, case .group(let kind, let body) = elements[0] else { return nil }
        let isCaptured: Bool
        switch kind {
        case .capture(1): isCaptured = true
        case .nonCapturing: isCaptured = false
        default: return nil
        }
        let alternatives: [OnigNode]
        if case .alternation(let nodes) = body { alternatives = nodes } else { alternatives = [body] }
        guard alternatives.count <= maximumWords else { return nil }
        var words: [[UInt8]] = []
        for alternative in alternatives {
            guard let word = alternative.asciiLiteralBytes else { return nil }
            words.append(word)
        }
        return WordList(words: words, guards: guards, isCaptured: isCaptured, notFollowedBy: notFollowedBy)
    }
}
