/// Translates Oniguruma patterns, as TextMate grammars write them, into PCRE2 syntax.
///
/// Skeleton: passes patterns through until the real translator lands.
public enum OnigurumaTranslator {
    /// Translates `pattern` into an equivalent PCRE2 pattern for the given anchor variant.
    public static func translate(
        _ pattern: String,
        options: TranslationOptions = .init()
    ) throws(PatternTranslationError) -> TranslatedPattern {
        TranslatedPattern(
            source: pattern,
            usesAnchorA: pattern.contains("\\A"),
            usesAnchorG: pattern.contains("\\G"),
            usesSubroutineCalls: pattern.contains("\\g<"),
            usesMatchReset: pattern.contains("\\K"),
            usesBacktrackingVerbs: pattern.contains("(*")
        )
    }
}

/// Which anchors a translated pattern may keep.
///
/// vscode-textmate compiles up to four variants of a pattern list: `\A` only on the document's
/// first line before the scan advances, `\G` only at the anchor position. A disabled anchor is
/// emitted as `(?!)`, which never matches.
public struct TranslationOptions: Hashable, Sendable {
    /// Whether `\A` may match (otherwise it becomes `(?!)`).
    public var allowAnchorA: Bool
    /// Whether `\G` may match (otherwise it becomes `(?!)`).
    public var allowAnchorG: Bool

    /// Creates options; both anchors are allowed by default.
    public init(allowAnchorA: Bool = true, allowAnchorG: Bool = true) {
        self.allowAnchorA = allowAnchorA
        self.allowAnchorG = allowAnchorG
    }
}

/// A pattern in PCRE2 syntax plus the facts the scanner needs to combine and cache it.
public struct TranslatedPattern: Hashable, Sendable {
    /// The PCRE2 source: no named groups, no x-mode comments or whitespace.
    public var source: String
    /// The Oniguruma source contained `\A`.
    public var usesAnchorA: Bool
    /// The Oniguruma source contained `\G`.
    public var usesAnchorG: Bool
    /// The pattern calls subroutines (`\g<…>`): keep it out of combined alternations.
    public var usesSubroutineCalls: Bool
    /// The pattern uses `\K`: its reported start differs from the attempt position.
    public var usesMatchReset: Bool
    /// The pattern uses backtracking control verbs other than `(*FAIL)`.
    public var usesBacktrackingVerbs: Bool

    /// Creates a translated pattern.
    public init(
        source: String, usesAnchorA: Bool, usesAnchorG: Bool, usesSubroutineCalls: Bool,
        usesMatchReset: Bool, usesBacktrackingVerbs: Bool
    ) {
        self.source = source
        self.usesAnchorA = usesAnchorA
        self.usesAnchorG = usesAnchorG
        self.usesSubroutineCalls = usesSubroutineCalls
        self.usesMatchReset = usesMatchReset
        self.usesBacktrackingVerbs = usesBacktrackingVerbs
    }
}

/// An Oniguruma pattern that has no PCRE2 translation, or is not valid Oniguruma.
public struct PatternTranslationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The UTF-8 offset in the Oniguruma source where the problem starts.
    public var offset: Int

    /// Creates an error.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at offset \(offset)" }
}
