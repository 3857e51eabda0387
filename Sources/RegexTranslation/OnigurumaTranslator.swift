/// Translates Oniguruma patterns, as TextMate grammars write them, into PCRE2 syntax.
///
/// The pattern is parsed into a tree (`ONIG_SYNTAX_ONIGURUMA` with capture groups numbered even
/// when named groups exist, as vscode-oniguruma compiles them) and re-emitted as PCRE2 10.42
/// source meant for `PCRE2_UTF | PCRE2_UCP | PCRE2_MULTILINE` with `PCRE2_NEWLINE_LF`.
/// The rules follow the engineering notes (TEXTMATE.md, section 3); where the translation only
/// approximates Oniguruma, ``TranslatedPattern/approximations`` says so.
public enum OnigurumaTranslator {
    /// Translates `pattern` into an equivalent PCRE2 pattern for the given anchor variant.
    ///
    /// With a `classOracle`, repetitions that can never give a character back to a match are
    /// made possessive (`Possessifier`); the matches are the same, found with less
    /// backtracking.
    public static func translate(
        _ pattern: String,
        options: TranslationOptions = .init(),
        classOracle: CharacterClassOracle? = nil
    ) throws(PatternTranslationError) -> TranslatedPattern {
        var parser = OnigParser(pattern)
        let tree = try parser.parsePattern()
        let emitter = PCRE2Emitter(options: options, names: parser.names, groupCount: parser.groupCount)
        let facts = parser.facts
        var approximations: [String] = []
        for note in facts.approximations where !approximations.contains(note) { approximations.append(note) }
        let emitted =
            classOracle.map {
                Possessifier.apply(
                    to: tree, oracle: $0, emitter: emitter, usesSubroutineCalls: facts.usesSubroutineCalls)
            } ?? tree
        // Item by item, as the emitter writes a sequence, to know where each ends.
        var source = ""
        var itemEnds: [Int] = []
        if case .sequence(let items) = emitted {
            for item in items {
                let text = try emitter.emit(item)
                if case .alternation = item { source += "(?:\(text))" } else { source += text }
                itemEnds.append(source.utf8.count)
            }
        } else {
            source = try emitter.emit(emitted)
            itemEnds = [source.utf8.count]
        }
        return TranslatedPattern(
            source: source,
            usesAnchorA: facts.usesAnchorA,
            usesAnchorG: facts.usesAnchorG,
            usesSubroutineCalls: facts.usesSubroutineCalls,
            usesMatchReset: facts.usesMatchReset,
            captureGroupCount: parser.groupCount,
            highestBackReference: facts.highestBackReference,
            approximations: approximations,
            requiredLiterals: RequiredLiterals.of(tree).map { $0.sorted { $0.lexicographicallyPrecedes($1) } }
                ?? [],
            exactLiteral: ExactLiteral.of(tree),
            matchesOnlyLineEnds: LineEndOnly.of(tree),
            requiredWords: RequiredWords.of(tree).map { $0.sorted { $0.lexicographicallyPrecedes($1) } }
                ?? [],
            classRun: parser.groupCount <= 1 ? ClassRun.of(tree, emitter: emitter) : nil,
            leadingRun: LeadingRun.of(tree, emitter: emitter, usesAnchorG: facts.usesAnchorG),
            matchStart: MatchStart.of(tree, emitter: emitter),
            leadingLookbehind: LeadingLookbehind.of(
                tree, emitter: emitter, usesAnchorG: facts.usesAnchorG, usesMatchReset: facts.usesMatchReset),
            wordList: parser.groupCount <= 1 ? WordList.of(tree, emitter: emitter) : nil,
            runStartCheck: RunStartCheck.of(emitted, emitter: emitter, itemEnds: itemEnds, facts: facts)
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
    /// Whether `\z` is rewritten as vscode-textmate does, to `$(?!\n)(?<!\n)`, so that it never
    /// matches on a full line (which ends in `\n`) but does at the end of a capture substring.
    public var rewriteEndAnchor: Bool

    /// Whether `\b` and `\B` use Oniguruma's exact word set (marks, `Pc`) through lookarounds.
    /// Off by default: each boundary then costs about 90 bytes of compiled pattern instead of 2,
    /// and grammars with hundreds of `\b` (CSS property lists) exceed PCRE2's pattern size
    /// limit. PCRE2's own `\b` differs only next to marks, `Pc` other than `_`, and `No`/`So`.
    public var exactWordBoundaries: Bool

    /// Creates options; both anchors are allowed and `\z` is rewritten by default.
    public init(
        allowAnchorA: Bool = true, allowAnchorG: Bool = true, rewriteEndAnchor: Bool = true,
        exactWordBoundaries: Bool = false
    ) {
        self.allowAnchorA = allowAnchorA
        self.allowAnchorG = allowAnchorG
        self.rewriteEndAnchor = rewriteEndAnchor
        self.exactWordBoundaries = exactWordBoundaries
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
    /// The number of capture groups, named ones included.
    public var captureGroupCount: Int
    /// The highest group number a back-reference names (0 when there is none). Above
    /// ``captureGroupCount`` it refers to a begin capture that an `end`/`while` pattern must
    /// have substituted before the pattern compiles.
    public var highestBackReference: Int
    /// Where the translation only approximates Oniguruma, in words (empty when exact).
    public var approximations: [String]
    /// UTF-8 strings of which every match contains one, at or after the search start (empty
    /// when the pattern requires none that helps); a scanner may skip a search on a subject
    /// that holds none of them.
    public var requiredLiterals: [[UInt8]]
    /// The UTF-8 bytes the pattern matches when it is only a case-sensitive literal string,
    /// else nil: a scanner may find them itself instead of running the regex.
    public var exactLiteral: [UInt8]?
    /// Whether the pattern matches only the empty string at a line's end (`$`, `(?=$)`): a
    /// scanner may look for the next line feed itself.
    public var matchesOnlyLineEnds: Bool
    /// ASCII words of which every match holds one as a whole word (a maximal run of word
    /// characters), empty when the pattern is not shaped so (`RequiredWords`).
    public var requiredWords: [[UInt8]]
    /// The pattern as a run of two classes (`ClassRun`), or nil.
    public var classRun: ClassRun?
    /// The run of one class and the byte after it that every match begins with
    /// (`LeadingRun`), or nil.
    public var leadingRun: LeadingRun?
    /// The characters every match begins with (`MatchStart`), or nil.
    public var matchStart: MatchStart?
    /// The short ASCII text every match follows, from a lookbehind the pattern begins with
    /// (`LeadingLookbehind`), or nil.
    public var leadingLookbehind: LeadingLookbehind?
    /// The pattern as a list of ASCII words behind guards (`WordList`), or nil.
    public var wordList: WordList?
    /// A check that skips starts inside a run where the pattern cannot match
    /// (`RunStartCheck`), or nil; ``source`` does not hold it.
    public var runStartCheck: RunStartCheck?

    /// Creates a translated pattern.
    public init(
        source: String, usesAnchorA: Bool, usesAnchorG: Bool, usesSubroutineCalls: Bool,
        usesMatchReset: Bool, captureGroupCount: Int = 0,
        highestBackReference: Int = 0, approximations: [String] = [], requiredLiterals: [[UInt8]] = [],
        exactLiteral: [UInt8]? = nil, matchesOnlyLineEnds: Bool = false, requiredWords: [[UInt8]] = [],
        classRun: ClassRun? = nil, leadingRun: LeadingRun? = nil, matchStart: MatchStart? = nil,
        leadingLookbehind: LeadingLookbehind? = nil, wordList: WordList? = nil,
        runStartCheck: RunStartCheck? = nil
    ) {
        self.source = source
        self.usesAnchorA = usesAnchorA
        self.usesAnchorG = usesAnchorG
        self.usesSubroutineCalls = usesSubroutineCalls
        self.usesMatchReset = usesMatchReset
        self.captureGroupCount = captureGroupCount
        self.highestBackReference = highestBackReference
        self.approximations = approximations
        self.requiredLiterals = requiredLiterals
        self.exactLiteral = exactLiteral
        self.matchesOnlyLineEnds = matchesOnlyLineEnds
        self.requiredWords = requiredWords
        self.classRun = classRun
        self.leadingRun = leadingRun
        self.leadingLookbehind = leadingLookbehind
        self.matchStart = matchStart
        self.wordList = wordList
        self.runStartCheck = runStartCheck
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
