import Synchronization

/// Hash-conses scope stacks and rule stacks of one grammar, so equal stacks share one object.
///
/// The tables hold strong references (that is what keeps `ObjectIdentifier` keys valid), and
/// interned nodes are made immortal (`Immortal`) unless the grammar's configuration turns
/// that off (`immortalStacks`, off in the daemon, which reloads grammars): threads share them
/// on every token. Past
/// `capacity` entries new stacks are no longer interned and compare structurally instead, so
/// a pathological document cannot grow memory without bound.
final class StackInterner: Sendable {
    private struct ScopeKey: Hashable {
        var parent: ObjectIdentifier?
        var name: String
    }

    private struct FrameKey: Hashable {
        var parent: ObjectIdentifier?
        var ruleId: Int
        var beginRuleCapturedEOL: Bool
        var endRule: String?
        var nameScopes: ObjectIdentifier
        var contentScopes: ObjectIdentifier
    }

    private let scopes = Mutex<[ScopeKey: ScopeStack]>([:])
    private let frames = Mutex<[FrameKey: RuleStack]>([:])
    let capacity: Int
    /// Whether interned nodes are made immortal (see `Grammar.Configuration.immortalStacks`).
    let immortal: Bool

    init(capacity: Int = 200_000, immortal: Bool = true) {
        self.capacity = capacity
        self.immortal = immortal
    }

    /// The stack `parent` + `name`.
    func scope(_ name: String, parent: ScopeStack?) -> ScopeStack {
        guard parent?.isInterned ?? true else {
            return ScopeStack(parent: parent, scopeName: name, isInterned: false)
        }
        let key = ScopeKey(parent: parent.map(ObjectIdentifier.init), name: name)
        return scopes.withLock { table in
            if let known = table[key] { return known }
            guard table.count < capacity else {
                return ScopeStack(parent: parent, scopeName: name, isInterned: false)
            }
            let node = ScopeStack(parent: parent, scopeName: name, isInterned: true)
            if immortal { node.makeImmortal() }
            table[key] = node
            return node
        }
    }

    /// The canonical version of `stack`: transients reset, frames interned bottom-up.
    func canonical(_ stack: RuleStack) -> RuleStack {
        // Iterative: a long line can push thousands of frames, too deep for recursion.
        var pending: [RuleStack] = []
        var node: RuleStack? = stack
        while let current = node, !current.isCanonical {
            pending.append(current)
            node = current.parent
        }
        var parent = node
        for frame in pending.reversed() {
            parent = intern(frame, parent: parent)
        }
        return parent ?? stack
    }

    private func intern(_ stack: RuleStack, parent: RuleStack?) -> RuleStack {
        let interned =
            (parent?.isCanonical ?? true) && stack.nameScopes.isInterned && stack.contentScopes.isInterned
        guard interned else {
            return RuleStack(
                parent: parent, ruleId: stack.ruleId, enterPos: -1, anchorPos: -1,
                beginRuleCapturedEOL: stack.beginRuleCapturedEOL, endRule: stack.endRule,
                nameScopes: stack.nameScopes, contentScopes: stack.contentScopes, isCanonical: false)
        }
        let key = FrameKey(
            parent: parent.map(ObjectIdentifier.init), ruleId: stack.ruleId,
            beginRuleCapturedEOL: stack.beginRuleCapturedEOL, endRule: stack.endRule,
            nameScopes: ObjectIdentifier(stack.nameScopes),
            contentScopes: ObjectIdentifier(stack.contentScopes))
        return frames.withLock { table in
            if let known = table[key] { return known }
            let node = RuleStack(
                parent: parent, ruleId: stack.ruleId, enterPos: -1, anchorPos: -1,
                beginRuleCapturedEOL: stack.beginRuleCapturedEOL, endRule: stack.endRule,
                nameScopes: stack.nameScopes, contentScopes: stack.contentScopes,
                isCanonical: table.count < capacity)
            if node.isCanonical {
                if immortal { Immortal.make(node) }
                table[key] = node
            }
            return node
        }
    }
}
