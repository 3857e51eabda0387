import Synchronization

/// A list of scope names as a shared linked list, innermost last (vscode's
/// `AttributedScopeStack` without the theme metadata).
///
/// Nodes are interned per grammar, so equal stacks are usually the same object and a later
/// layer can cache a resolved style per node. Equality is identity between interned nodes,
/// and a structural walk otherwise.
public final class ScopeStack: Hashable, @unchecked Sendable {
    /// The enclosing scopes, or nil at the root.
    public let parent: ScopeStack?
    /// The innermost scope name.
    public let scopeName: String
    /// The number of scopes in the stack.
    public let depth: Int
    let hash: Int
    let isInterned: Bool
    /// `scopeNames`, built on the first request and kept, for interned nodes up to
    /// `namesKeptUpToDepth`: every token of a whole document asks for its stack's names, and
    /// interned nodes are few and shared. Built on demand rather than with the node, because
    /// the daemon resolves styles node by node and never asks: a node's names take as much
    /// memory as its depth, and an editing session that makes many deep stacks made them take
    /// more than everything else the stacks hold. Deeper stacks build their names each time,
    /// so a pathological nesting cannot make memory grow with the square of its depth.
    private let keptNames = AtomicLazyReference<NameList>()
    /// Whether the node was made immortal, so that the names it keeps are made immortal too.
    private var isImmortal = false

    static let namesKeptUpToDepth = 64

    /// The kept names, as one shared object.
    private final class NameList: Sendable {
        let names: [String]
        init(_ names: [String]) { self.names = names }
    }

    init(parent: ScopeStack?, scopeName: String, isInterned: Bool) {
        self.parent = parent
        self.scopeName = scopeName
        let depth = (parent?.depth ?? 0) + 1
        self.depth = depth
        var hasher = Hasher()
        hasher.combine(parent?.hash ?? 0)
        hasher.combine(scopeName)
        self.hash = hasher.finalize()
        self.isInterned = isInterned
    }

    /// Makes this interned node immortal (`Immortal`), and the names it will keep: tokens on
    /// every thread take references to both. Called by the interner before the node is shared.
    func makeImmortal() {
        Immortal.make(self)
        isImmortal = true
    }

    /// The scope names, outermost first.
    public var scopeNames: [String] {
        guard isInterned, depth <= Self.namesKeptUpToDepth else { return builtNames() }
        if let kept = keptNames.load() { return kept.names }
        var names = parent?.scopeNames ?? []
        names.append(scopeName)
        let stored = keptNames.storeIfNil(NameList(names))
        if isImmortal {
            // Whichever thread stored first, these are the names every thread now shares.
            Immortal.make(stored)
            Immortal.make(storageOf: stored.names)
        }
        return stored.names
    }

    private func builtNames() -> [String] {
        var names: [String] = []
        names.reserveCapacity(depth)
        var node: ScopeStack? = self
        while let current = node {
            names.append(current.scopeName)
            node = current.parent
        }
        return names.reversed()
    }

    public static func == (lhs: ScopeStack, rhs: ScopeStack) -> Bool {
        var left = lhs
        var right = rhs
        while true {
            if left === right { return true }
            if left.isInterned && right.isInterned { return false }
            guard left.hash == right.hash, left.depth == right.depth, left.scopeName == right.scopeName else {
                return false
            }
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
