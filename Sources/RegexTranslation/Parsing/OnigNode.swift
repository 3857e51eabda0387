/// A node of a parsed Oniguruma pattern, ready to be re-emitted as PCRE2.
///
/// The tree is normalized while parsing: isolated options already scope the rest of their group,
/// names are resolved to group numbers, x-mode whitespace and comments are gone.
indirect enum OnigNode: Hashable, Sendable {
    /// Matches the empty string.
    case empty
    /// One Unicode scalar, matched literally (case folding follows the enclosing options).
    case literal(UInt32)
    /// Nodes matched one after the other.
    case sequence([OnigNode])
    /// Branches tried in order.
    case alternation([OnigNode])
    /// One character out of a set: bracket classes, `\w`, `\h`, `\p{…}` and friends.
    case set(ClassSet)
    /// `.`: any character but a newline, or any character under `(?m)`.
    case dot
    /// A zero-width assertion.
    case anchor(OnigAnchor)
    /// A PCRE2 escape that means the same in both engines (`\R`, `\X`, `\N`, `\K`, `\s`, `\d`…).
    case verbatim(String)
    /// A group of any kind around a body.
    case group(OnigGroupKind, OnigNode)
    /// A repeated node.
    case quantified(OnigNode, OnigQuantifier)
    /// A back-reference; with several numbers (a duplicated name) the last group is tried first.
    case backReference([Int])
    /// A subroutine call (`\g<…>`); names are resolved once the whole pattern is known.
    case call(OnigCallTarget)
    /// `(?(cond)yes|no)`.
    case conditional(OnigCondition, yes: OnigNode, no: OnigNode?)
    /// The absent operator `(?~X)`: the longest string that does not contain X.
    case absent(OnigNode)
    /// `(*FAIL)`: never matches.
    case fail
}

/// The zero-width assertions Oniguruma knows.
enum OnigAnchor: Hashable, Sendable {
    /// `^`: start of a line.
    case lineStart
    /// `$`: end of a line.
    case lineEnd
    /// `\A`: start of the subject.
    case subjectStart
    /// `\z`: end of the subject.
    case subjectEnd
    /// `\Z`: end of the subject or before a final newline.
    case subjectEndOrFinalNewline
    /// `\G`: the search start position.
    case searchStart
    /// `\b`: a word boundary.
    case wordBoundary
    /// `\B`: not a word boundary.
    case notWordBoundary
}

/// What a parenthesized group does.
enum OnigGroupKind: Hashable, Sendable {
    /// A numbered capture (named groups are numbered too, as with `ONIG_OPTION_CAPTURE_GROUP`).
    case capture(Int)
    /// `(?:…)`.
    case nonCapturing
    /// `(?imx-imx:…)`, or an isolated `(?imx)` scoped to the rest of its enclosing group.
    case options(OnigOptionChange)
    /// `(?=…)`.
    case lookahead
    /// `(?!…)`.
    case negativeLookahead
    /// `(?<=…)`.
    case lookbehind
    /// `(?<!…)`.
    case negativeLookbehind
    /// `(?>…)`.
    case atomic
}

/// Options switched on and off by an option group; x-mode is consumed by the parser.
struct OnigOptionChange: Hashable, Sendable {
    /// `i` switched on (true), off (false) or untouched (nil).
    var ignoreCase: Bool?
    /// Oniguruma `m` (dot matches newline, PCRE2 `s`) switched on, off or untouched.
    var dotAll: Bool?
}

/// A repetition: bounds plus greediness.
struct OnigQuantifier: Hashable, Sendable {
    /// How greedy the repetition is.
    enum Mode: Hashable, Sendable {
        /// As many as possible, giving back on backtracking.
        case greedy
        /// As few as possible.
        case lazy
        /// As many as possible, never giving back.
        case possessive
    }

    /// Minimum count.
    var min: Int
    /// Maximum count; nil is unbounded.
    var max: Int?
    /// Greediness.
    var mode: Mode
}

/// The target of a subroutine call.
enum OnigCallTarget: Hashable, Sendable {
    /// A group number (0 is the whole pattern) and the offset of the call.
    case number(Int, offset: Int)
    /// A group name and the offset of the call, resolved after parsing.
    case name(String, offset: Int)
}

/// The condition of a conditional group.
enum OnigCondition: Hashable, Sendable {
    /// The group with this number has captured.
    case groupSet(Int)
    /// A lookaround assertion (the node is a lookaround group).
    case assertion(OnigNode)
}
