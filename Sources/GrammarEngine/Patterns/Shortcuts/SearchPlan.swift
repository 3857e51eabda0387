import RegexTranslation

/// How a pattern's searches are run, chosen once when the pattern is compiled from what its
/// translation found (`TranslatedPattern`) and which shortcuts are on (`SearchShortcuts`).
///
/// Every plan finds the match the regex engine would: the shortcuts apply only to patterns
/// whose matches they can find exactly, and a plan that cannot decide (text outside ASCII for
/// a class run) hands the search to the engine. The prefilter (`SearchPrefilter`) is not a
/// plan but a test before any of them.
enum SearchPlan: Sendable {
    /// PCRE2 from the search start.
    case pcre2
    /// PCRE2 from where a leading run before a required byte may start (`LeadingRunSkip`).
    case leadingRunSkip(LeadingRunSkip)
    /// A copy of the pattern compiled anchored, tried at each start the leading run allows
    /// (`AnchoredLeadingRunSearch`). Made by the pattern, which compiles the copy, in place of
    /// `leadingRunSkip`.
    case anchoredLeadingRun(AnchoredLeadingRunSearch)
    /// The next line feed, or the subject's end: a pattern that matches only the empty string
    /// at a line's end (`TranslatedPattern.matchesOnlyLineEnds`).
    case lineEnd
    /// `memchr` and `memcmp` for a pattern that is only a case-sensitive literal string
    /// (`TranslatedPattern.exactLiteral`).
    case exactLiteral([UInt8])
    /// Bit masks over ASCII text for a run of two classes (`ClassRunSearch`); PCRE2 when the
    /// text is not ASCII.
    case classRun(ClassRunSearch)
    /// Oniguruma itself, for a pattern PCRE2 cannot run.
    case oniguruma(OnigurumaRegex)
    /// PCRE2 on the pattern with its leading lookbehind's text consumed
    /// (`LeadingLookbehindSearch`). Made by the pattern, which compiles the rewritten code, in
    /// place of `pcre2`.
    case leadingLookbehind(LeadingLookbehindSearch)
    /// Bytes compared for a list of ASCII words behind guards (`WordListSearch`); PCRE2 where a
    /// guard or the exclusion after a word reads text outside ASCII.
    case wordList(WordListSearch)

    /// The plan for a translated pattern compiled as a plain (not combined) PCRE2 pattern;
    /// the most specific shortcut that applies and is on wins. The line-end plan records no
    /// groups, so a compiled pattern with any keeps PCRE2 (`usable(captureCount:)`).
    static func choose(for translated: TranslatedPattern, shortcuts: SearchShortcuts) -> SearchPlan {
        if shortcuts.contains(.lineEnd), translated.matchesOnlyLineEnds {
            return .lineEnd
        }
        if shortcuts.contains(.exactLiteral), let literal = translated.exactLiteral, !literal.isEmpty {
            return .exactLiteral(literal)
        }
        if shortcuts.contains(.classRun), let run = translated.classRun.flatMap(ClassRunSearch.init) {
            return .classRun(run)
        }
        if shortcuts.contains(.wordList), let list = translated.wordList.flatMap(WordListSearch.init) {
            return .wordList(list)
        }
        if shortcuts.contains(.leadingRunSkip),
            let leading = translated.leadingRun.flatMap(LeadingRunSkip.init)
        {
            return .leadingRunSkip(leading)
        }
        return .pcre2
    }

    /// The plan, or PCRE2 when the plan cannot report all of a pattern's `captureCount`
    /// groups.
    func usable(captureCount: Int) -> SearchPlan {
        if case .lineEnd = self, captureCount > 0 { return .pcre2 }
        return self
    }

    /// The plan's name, as `SearchShortcuts.named` spells the shortcut ("pcre2" and
    /// "oniguruma" for the engines).
    var name: String {
        switch self {
        case .pcre2: "pcre2"
        case .leadingRunSkip, .anchoredLeadingRun: "leading-run-skip"
        case .lineEnd: "line-end"
        case .exactLiteral: "exact-literal"
        case .classRun: "class-run"
        case .oniguruma: "oniguruma"
        case .leadingLookbehind: "leading-lookbehind"
        case .wordList: "word-list"
        }
    }
}
