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
    /// `scopeNames`, built once when an interned node is made, when its interner keeps names
    /// (a grammar with injections, whose selectors read the names at every scan), or given
    /// with the names a stack is made of (`init(names:)`). Others build them when asked:
    /// renderers and the daemon resolve styles node by node and ask once per stack at most,
    /// and a node's names take as much memory as its depth (an editing session that made many
    /// deep stacks had them take more than everything else the stacks hold; on jQuery, making
    /// them was a third of what a first tokenization does more than later ones). Deep stacks
    /// (past `namesKeptUpToDepth`) build them on demand too, so a pathological nesting cannot
    /// make memory grow with the square of its depth.
    private let keptNames: [String]?
    /// Which of its grammar's injections apply under this stack, once asked
    /// (`Grammar.injectionMask(under:)`): 0 while unknown, else the mask shifted left by one
    /// with the low bit set. Interned nodes belong to one grammar, so the answer is that
    /// grammar's; threads that tokenize chunks of one document share the nodes, and may both
    /// work it out and store the same value.
    private let injectionMemo = Atomic<UInt64>(0)

    static let namesKeptUpToDepth = 64
    /// The most injections a memo holds.
    static let injectionMemoCapacity = 63

    /// `hash` is `ScopeStack.hash(parent:scopeName:)`, when the caller has it already.
    init(parent: ScopeStack?, scopeName: String, isInterned: Bool, keepsNames: Bool = true, hash: Int? = nil)
    {
        self.parent = parent
        self.scopeName = scopeName
        let depth = (parent?.depth ?? 0) + 1
        self.depth = depth
        self.hash = hash ?? Self.hash(parent: parent, scopeName: scopeName)
        self.isInterned = isInterned
        if isInterned, keepsNames, depth <= Self.namesKeptUpToDepth {
            // Exactly as long as it needs to be: appending to a copy of the parent's names
            // doubled the room, in the array every token of the stack refers to.
            let inherited = parent.map { $0.keptNames ?? $0.builtNames() } ?? []
            keptNames = [String](unsafeUninitializedCapacity: inherited.count + 1) { buffer, count in
                var slot = buffer.baseAddress!
                for name in inherited {
                    slot.initialize(to: name)
                    slot += 1
                }
                slot.initialize(to: scopeName)
                count = inherited.count + 1
            }
        } else {
            keptNames = nil
        }
    }

    /// A stack of `names`, outermost first (at least one), of nodes of its own (not interned);
    /// the innermost keeps the names.
    public convenience init(names: [String]) {
        precondition(!names.isEmpty, "a scope stack has at least one scope")
        let parent = names.dropLast().reduce(nil as ScopeStack?) { parent, name in
            ScopeStack(parent: parent, scopeName: name, isInterned: false)
        }
        self.init(parent: parent, scopeName: names[names.count - 1], isInterned: false, names: names)
    }

    /// A stack of this one's scopes and `name` inside them: a node of its own (not interned)
    /// whose parent is this one.
    public func pushing(_ name: String) -> ScopeStack {
        ScopeStack(parent: self, scopeName: name, isInterned: false)
    }

    private init(parent: ScopeStack?, scopeName: String, isInterned: Bool, names: [String]) {
        self.parent = parent
        self.scopeName = scopeName
        depth = names.count
        hash = Self.hash(parent: parent, scopeName: scopeName)
        self.isInterned = isInterned
        keptNames = names
    }

    /// The scope names enclosing this node, nearest first, walked along `parent` (no array of
    /// names is built): what a theme's parent selectors are matched against.
    public var ancestorNames: Ancestors { Ancestors(nearest: parent) }

    /// The scope names of a stack's nodes from one node outwards, as a collection.
    public struct Ancestors: Collection {
        public struct Index: Comparable {
            /// Steps taken from the nearest node.
            var offset: Int
            var node: ScopeStack?

            public static func == (lhs: Index, rhs: Index) -> Bool { lhs.offset == rhs.offset }
            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.offset < rhs.offset }
        }

        /// The nearest node, or nil for none.
        public let nearest: ScopeStack?

        /// The names of `nearest` and the nodes enclosing it.
        public init(nearest: ScopeStack?) {
            self.nearest = nearest
        }

        public var startIndex: Index { Index(offset: 0, node: nearest) }
        public var endIndex: Index { Index(offset: nearest?.depth ?? 0, node: nil) }
        public subscript(position: Index) -> String { position.node!.scopeName }
        public func index(after position: Index) -> Index {
            Index(offset: position.offset + 1, node: position.node?.parent)
        }
    }

    /// The structural hash of the stack `scopeName` pushes onto `parent`.
    static func hash(parent: ScopeStack?, scopeName: String) -> Int {
        hash(parent: parent, nameHash: nameHash(scopeName))
    }

    /// The hash of a scope name that `hash(parent:nameHash:)` takes: a rule's names are hashed
    /// once when its grammar is built, not on every push (`NameTemplate.scopeHashes`).
    ///
    /// The standard library's `Hasher`, seeded per process, so that a document whose text
    /// becomes scope names (`$1` in a rule's name) cannot choose names that collide.
    static func nameHash(_ name: String) -> Int {
        var hasher = Hasher()
        hasher.combine(name)
        return hasher.finalize()
    }

    /// The structural hash of the stack a name whose `nameHash` is given pushes onto
    /// `parent`: the parent's hash and the name's, mixed by one multiply–xor-shift round
    /// (both are hashes already, so this only has to spread them over all the bits).
    @inline(__always)
    static func hash(parent: ScopeStack?, nameHash: Int) -> Int {
        var mixed = UInt64(bitPattern: Int64(parent?.hash ?? 0)) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= UInt64(bitPattern: Int64(nameHash))
        mixed = (mixed ^ (mixed >> 31)) &* 0xD6E8_FEB8_6659_FD93
        mixed ^= mixed >> 32
        return Int(Int64(bitPattern: mixed))
    }

    /// Makes this interned node and its kept names immortal (`Immortal`): tokens on every
    /// thread take references to both.
    func makeImmortal() {
        Immortal.make(self)
        if let keptNames { Immortal.make(storageOf: keptNames) }
    }

    /// The scope names, outermost first.
    public var scopeNames: [String] {
        keptNames ?? builtNames()
    }

    /// The injections found to apply under this stack, as a mask, if known.
    var knownInjections: UInt64? {
        let memo = injectionMemo.load(ordering: .relaxed)
        return memo == 0 ? nil : memo >> 1
    }

    /// Keeps `mask` (at most ``injectionMemoCapacity`` bits) as the injections that apply.
    func rememberInjections(_ mask: UInt64) {
        injectionMemo.store(mask << 1 | 1, ordering: .relaxed)
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

    /// Whether two stacks (nil: none) have the same names, even when they are interned by two
    /// grammars (which `==` tells apart by identity).
    public static func haveSameNames(_ lhs: ScopeStack?, _ rhs: ScopeStack?) -> Bool {
        var left = lhs
        var right = rhs
        while let leftNode = left, let rightNode = right {
            if leftNode === rightNode { return true }
            guard leftNode.hash == rightNode.hash, leftNode.depth == rightNode.depth,
                leftNode.scopeName == rightNode.scopeName
            else { return false }
            left = leftNode.parent
            right = rightNode.parent
        }
        return left == nil && right == nil
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The structural hash, already spread over all its bits (equal stacks have equal ones):
    /// a table of stacks can index by it directly, without hashing it again.
    public var structuralHash: Int { hash }
}
