/// A pattern whose every match follows a short ASCII text: it begins with a lookbehind of one
/// character of a set (`(?<=\.)\s*(\w+)`, a name after a dot) or of a few strings
/// (`(?<=@param|@arg)\s+…`, a JSDoc tag's argument).
///
/// PCRE2 leaves lookbehinds out when it works out where a match can start, so it tries such a
/// pattern at every start its rest allows (every letter, every space) and fails at the
/// lookbehind nearly everywhere: on jQuery, `(?<=\.)[\s]*+(\#?+[\p{L}…]…)` was the costliest
/// pattern of all, 26,286 searches reading 794 KB, and on vscode.d.ts the JSDoc pattern above
/// took a quarter of all search time. Consuming the text instead and setting the match start
/// after it (`\.\K…`) gives PCRE2 the text's first characters to look for.
///
/// Only a lookbehind that begins the whole pattern (no alternation around it) qualifies, and
/// not in a pattern with `\G` or `\K`, whose meaning depends on where the search starts. Its
/// body is one ASCII character, one class of ASCII characters, or an alternation of ASCII
/// strings in which no string holds another's first character anywhere but at its own start:
/// two places where the strings occur then never overlap, so the first place PCRE2 finds (the
/// leftmost, and at one place the shortest string first) ends where the original's leftmost
/// match starts.
public struct LeadingLookbehind: Hashable, Sendable {
    /// The lookbehind's body in PCRE2 syntax as the translation writes it: the pattern's
    /// source begins with `(?<=` this `)`.
    public var bodySource: String
    /// What the rewritten pattern consumes in the lookbehind's place: the body itself for one
    /// character, else its strings as a group, shortest first.
    public var consumedSource: String
    /// The longest text the body matches, in bytes (1 for one character).
    public var longest: Int
    /// The first bytes of the strings (empty for one character: the engine asks PCRE2 for a
    /// class's members).
    public var firstBytes: [UInt8]

    /// Creates the fact.
    public init(bodySource: String, consumedSource: String, longest: Int, firstBytes: [UInt8]) {
        self.bodySource = bodySource
        self.consumedSource = consumedSource
        self.longest = longest
        self.firstBytes = firstBytes
    }

    /// The leading lookbehind of `tree`, or nil when the pattern does not begin with one that
    /// qualifies.
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter, usesAnchorG: Bool, usesMatchReset: Bool)
        -> LeadingLookbehind?
    {
        guard !usesAnchorG, !usesMatchReset else { return nil }
        let first: OnigNode
        if case .sequence(let elements) = tree, let head = elements.first {
            first = head
        } else {
            first = tree
        }
        guard case .group(.lookbehind, let body) = first, let bodySource = try? emitter.emit(body) else {
            return nil
        }
        if isOneASCIICharacter(body) {
            return LeadingLookbehind(
                bodySource: bodySource, consumedSource: bodySource, longest: 1, firstBytes: [])
        }
        let alternatives: [OnigNode]
        if case .alternation(let nodes) = body { alternatives = nodes } else { alternatives = [body] }
        var strings: [[UInt8]] = []
        for alternative in alternatives {
            guard let string = alternative.asciiLiteralBytes else { return nil }
            strings.append(string)
        }
        let firstBytes = Set(strings.map { $0[0] })
        guard strings.allSatisfy({ !$0.dropFirst().contains(where: firstBytes.contains) }) else { return nil }
        var consumed: [String] = []
        for string in strings.sorted(by: { $0.count < $1.count }) {
            guard
                let source = try? emitter.emit(
                    .sequence(string.map { OnigNode.literal(UInt32($0)) }))
            else { return nil }
            consumed.append(source)
        }
        return LeadingLookbehind(
            bodySource: bodySource, consumedSource: "(?:" + consumed.joined(separator: "|") + ")",
            longest: strings.map(\.count).max() ?? 1, firstBytes: firstBytes.sorted())
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
