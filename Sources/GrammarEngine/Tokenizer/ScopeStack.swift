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
    /// `scopeNames`, built once when an interned node is made, when its interner keeps names:
    /// every token of a whole document asks for its stack's names, and interned nodes are few
    /// and shared. The daemon's interners keep none: it resolves styles node by node and
    /// never asks, and a node's names take as much memory as its depth (an editing session
    /// that made many deep stacks had them take more than everything else the stacks hold).
    /// Deep stacks (past `namesKeptUpToDepth`) build them on demand too, so a pathological
    /// nesting cannot make memory grow with the square of its depth.
    private let keptNames: [String]?

    static let namesKeptUpToDepth = 64

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

    /// The structural hash, already spread over all its bits (equal stacks have equal ones):
    /// a table of stacks can index by it directly, without hashing it again.
    public var structuralHash: Int { hash }
}
