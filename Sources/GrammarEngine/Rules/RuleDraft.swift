/// A rule while its grammar is being built: what `RuleBuilder` fills in, field by field, as
/// it walks the raw grammar.
///
/// A rule's id is known before its children are (a recursive grammar refers to a rule from
/// inside it), so rules cannot be made in one go; drafts can, and are frozen into immutable
/// ``Rule``s once every draft is complete.
struct RuleDraft {
    let id: Int
    let kind: Rule.Kind
    let name: String?
    let contentName: String?
    let path: String
    var match: RegexSource?
    /// Capture rule ids by group (nil: the group has no capture rule).
    var captures: [Int?] = []
    var closing: RegexSource?
    var closingCaptures: [Int?] = []
    var applyEndPatternLast = false
    var patterns: [Int] = []
    var hasMissingPatterns = false
    var retokenizeCapturedWithRuleId: Int?

    init(id: Int, kind: Rule.Kind, name: String?, contentName: String?, path: String) {
        self.id = id
        self.kind = kind
        self.name = name
        self.contentName = contentName
        self.path = path
    }
}
