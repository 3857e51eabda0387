/// A compiled grammar rule, vscode-textmate's `Rule` family in one type.
///
/// The kind is decided as in `RuleFactory.getCompiledRuleId`: `match` → match rule; no `begin`
/// → include-only; `while` → begin/while; otherwise begin/end. A `RuleBuilder` makes every
/// rule of a grammar from `RuleDraft`s once the drafts are complete, so a rule never changes
/// after it exists: its fields are constants, read on every scan without exclusivity checks
/// or locks. The only state it gains later is its compiled pattern lists, published once per
/// anchor variant (`compiledLists`).
final class Rule: Sendable {
    enum Kind {
        case match
        case includeOnly
        case beginEnd
        case beginWhile
        case capture
    }

    let id: Int
    let kind: Kind
    let name: NameTemplate?
    let contentName: NameTemplate?
    /// Where the rule sits in its grammar, for diagnostics (`repository.string.patterns[2]`).
    let path: String
    /// The match rule's pattern, or the begin pattern of a begin rule.
    let match: RegexSource?
    /// Captures of the match, or of the begin match, by group.
    let captures: ReferenceTable<Rule>
    /// A begin/end rule's end pattern, or a begin/while rule's while pattern.
    let closing: RegexSource?
    /// `closing` as the scan reads it on every step inside the rule; `closing` is its owner.
    let unownedClosing: Unowned<RegexSource>?
    /// Captures of the end or while match, by group.
    let closingCaptures: ReferenceTable<Rule>
    let applyEndPatternLast: Bool
    /// Child rule ids (include-only, begin/end, begin/while).
    let patterns: [Int]
    /// A capture rule with `patterns`: the include-only rule that retokenizes the capture.
    let retokenizeCapturedWithRuleId: Int?
    /// The child patterns compiled per anchor variant, on first use (`Grammar.compiledList`).
    let compiledLists = AnchorVariants<CompiledRuleList>()

    /// The rule a draft describes; `captures` and `closingCaptures` are the frozen capture
    /// rules its draft names by id.
    init(_ draft: RuleDraft, captures: [Rule?], closingCaptures: [Rule?]) {
        id = draft.id
        kind = draft.kind
        name = draft.name.map(NameTemplate.init)
        contentName = draft.contentName.map(NameTemplate.init)
        path = draft.path
        match = draft.match
        self.captures = ReferenceTable(captures)
        closing = draft.closing
        unownedClosing = draft.closing.map(Unowned.init)
        self.closingCaptures = ReferenceTable(closingCaptures)
        applyEndPatternLast = draft.applyEndPatternLast
        patterns = draft.patterns
        retokenizeCapturedWithRuleId = draft.retokenizeCapturedWithRuleId
    }

    /// The rule id vscode uses for a rule list's end pattern.
    static let endRuleId = -1
    /// The rule id vscode uses for a while pattern.
    static let whileRuleId = -2
}
