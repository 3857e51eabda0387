/// The tokenizer state between lines: a stack of rule frames (vscode's `StateStackImpl`).
///
/// Stacks handed out by the grammar are canonical: interned per grammar, so equal stacks are
/// the same object and `==` is an identity check. Frames made while a line is tokenized also
/// carry the per-line transients `enterPos` and `anchorPos`; canonical frames hold −1 there,
/// which is exactly vscode's `reset()` at the start of each line.
public final class RuleStack: Hashable, @unchecked Sendable {
    /// The frame below, or nil for the root frame.
    public let parent: RuleStack?
    let ruleId: Int
    let enterPos: Int
    let anchorPos: Int
    /// The frame's begin match ended at the end of the line, having consumed its `\n`.
    let beginRuleCapturedEOL: Bool
    /// The end (or while) pattern with back-references resolved, when the rule has any.
    let endRule: String?
    /// Scopes including the rule's `name`.
    public let nameScopes: ScopeStack
    /// Scopes including the rule's `contentName`: the scopes of text inside the rule.
    public let contentScopes: ScopeStack
    /// The number of frames.
    public let depth: Int
    let isCanonical: Bool
    let hash: Int

    init(
        parent: RuleStack?, ruleId: Int, enterPos: Int, anchorPos: Int, beginRuleCapturedEOL: Bool,
        endRule: String?, nameScopes: ScopeStack, contentScopes: ScopeStack, isCanonical: Bool
    ) {
        self.parent = parent
        self.ruleId = ruleId
        self.enterPos = enterPos
        self.anchorPos = anchorPos
        self.beginRuleCapturedEOL = beginRuleCapturedEOL
        self.endRule = endRule
        self.nameScopes = nameScopes
        self.contentScopes = contentScopes
        self.depth = (parent?.depth ?? 0) + 1
        self.isCanonical = isCanonical
        // A multiply-rotate mix rather than `Hasher`: a frame is made for every match, and
        // only `==` and `hash(into:)` (which feeds a real hasher) read this value.
        var hash = Self.mix(parent?.hash ?? 0, ruleId)
        hash = Self.mix(hash, beginRuleCapturedEOL ? 1 : 0)
        hash = Self.mix(hash, endRule?.hashValue ?? 0)
        hash = Self.mix(hash, nameScopes.hash)
        self.hash = Self.mix(hash, contentScopes.hash)
    }

    @inline(__always)
    private static func mix(_ hash: Int, _ value: Int) -> Int {
        let product = UInt64(bitPattern: Int64(hash ^ value)) &* 0x9E37_79B9_7F4A_7C15
        return Int(Int64(bitPattern: (product << 29) | (product >> 35)))
    }

    /// Equality as vscode-textmate defines it (rule ids, resolved ends, scopes), plus
    /// `beginRuleCapturedEOL`, which changes `\G` on the next line: a safe superset.
    public static func == (lhs: RuleStack, rhs: RuleStack) -> Bool {
        var left = lhs
        var right = rhs
        while true {
            if left === right { return true }
            if left.isCanonical && right.isCanonical { return false }
            guard left.hash == right.hash, left.depth == right.depth, left.ruleId == right.ruleId,
                left.beginRuleCapturedEOL == right.beginRuleCapturedEOL, left.endRule == right.endRule,
                left.nameScopes == right.nameScopes, left.contentScopes == right.contentScopes
            else { return false }
            guard let leftParent = left.parent, let rightParent = right.parent else {
                return left.parent == nil && right.parent == nil
            }
            left = leftParent
            right = rightParent
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
