/// A pattern whose every match follows one ASCII character of a small set: it begins with a
/// lookbehind of one such character (`(?<=\.)\s*(\w+)`, a name after a dot).
///
/// PCRE2 leaves lookbehinds out when it works out where a match can start, so it tries such a
/// pattern at every start its rest allows (every letter, for a name after a dot) and fails at
/// the lookbehind nearly everywhere: on jQuery, `(?<=\.)[\s]*+(\#?+[\p{L}…]…)` was the
/// costliest pattern of all, 26,286 searches reading 794 KB. Consuming the character instead
/// and setting the match start after it (`\.\K…`) gives PCRE2 the character to look for, with
/// the same matches and groups, when the search starts one byte early wherever the byte before
/// the search start is such a character.
///
/// Only a lookbehind that begins the whole pattern (no alternation around it) qualifies, of
/// one character or of one class of ASCII characters, and not in a pattern with `\G` or `\K`,
/// whose meaning depends on where the search starts.
public struct PrecedingClass: Hashable, Sendable {
    /// The lookbehind's body in PCRE2 syntax: one character, or one class of ASCII characters.
    public var characterSource: String

    /// Creates the fact for a lookbehind whose body is `characterSource`.
    public init(characterSource: String) {
        self.characterSource = characterSource
    }

    /// The preceding class of `tree`, or nil when the pattern does not begin so.
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter, usesAnchorG: Bool, usesMatchReset: Bool)
        -> PrecedingClass?
    {
        guard !usesAnchorG, !usesMatchReset else { return nil }
        let first: OnigNode
        if case .sequence(let elements) = tree, let head = elements.first {
            first = head
        } else {
            first = tree
        }
        guard case .group(.lookbehind, let body) = first, Self.isOneASCIICharacter(body),
            let source = try? emitter.emit(body)
        else { return nil }
        return PrecedingClass(characterSource: source)
    }

    /// Whether `node` matches exactly one character, always an ASCII one.
    private static func isOneASCIICharacter(_ node: OnigNode) -> Bool {
        switch node {
        case .literal(let scalar): return scalar < 0x80
        case .set(.union(let items, negated: false)):
            return !items.isEmpty
                && items.allSatisfy { item in
                    switch item {
                    case .scalar(let scalar): scalar < 0x80
                    case .range(let low, let high): low <= high && high < 0x80
                    case .fragment, .nested: false
                    }
                }
        default: return false
        }
    }
}
