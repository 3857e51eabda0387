import Synchronization

/// Hash-conses scope stacks and rule stacks of one grammar, so equal stacks share one object.
///
/// The tables hold strong references (that is what keeps `ObjectIdentifier` keys valid), and
/// interned nodes are made immortal (`Immortal`) unless the grammar's configuration turns
/// that off (`immortalStacks`, off in the daemon, which reloads grammars): threads share them
/// on every token. Mortal tables can be swept of the stacks nothing else holds
/// (`releaseUnused`), which the daemon does when it goes idle, and also in the middle of a long
/// burst of edits once `needsSweep` says as many stacks were interned since the last sweep as
/// that sweep kept. Past `capacity` entries new stacks are no longer interned and compare structurally
/// instead, so a pathological document cannot grow memory without bound.
final class StackInterner: Sendable {
    private struct FrameKey: Hashable {
        var parent: ObjectIdentifier?
        var ruleId: Int
        var beginRuleCapturedEOL: Bool
        var endRule: String?
        var nameScopes: ObjectIdentifier
        var contentScopes: ObjectIdentifier
    }

    /// One part of the scope table, under a lock of its own.
    private final class ScopeShard: Sendable {
        let table = Mutex(ScopeTable())
    }

    /// The scope table in parts by the stack's hash: two threads tokenizing chunks of one
    /// document intern their new stacks at the same time, and behind one lock they waited for
    /// each other in the kernel (Swift's `Mutex` is a priority-inheriting futex on Linux) for
    /// a tenth of a cold run.
    private let scopeShards = (0..<StackInterner.shardCount).map { _ in ScopeShard() }
    private static let shardCount = 64
    private let frames = Mutex<[FrameKey: RuleStack]>([:])
    let capacity: Int
    /// Whether interned nodes are made immortal (see `Grammar.Configuration.immortalStacks`).
    let immortal: Bool

    /// Whether interned scope stacks keep their names (see `ScopeStack.scopeNames`).
    let keepsNames: Bool

    /// Entries added to either table since the last sweep (counted only when mortal).
    ///
    /// A burst of edits that never lets the daemon go idle filled the tables with stacks of
    /// text long gone: 150,000 pipelined edits over fifty documents reached `capacity`, every
    /// line tokenized after that kept a private copy of its whole state (nothing interned, so
    /// nothing shared), and the daemon held 9 MB more than a fresh one with the same texts.
    private let internedSinceSweep = Atomic<Int>(0)
    /// Entries the last sweep kept: the next sweep waits for as many new ones (see `needsSweep`).
    private let keptAtLastSweep = Atomic<Int>(0)
    /// The fewest new entries between two sweeps.
    static let minimumSweepSpacing = 4_096

    init(capacity: Int = 200_000, immortal: Bool = true, keepsNames: Bool = true) {
        self.capacity = capacity
        self.immortal = immortal
        self.keepsNames = keepsNames
    }

    private func shard(_ stackHash: Int) -> ScopeShard {
        // The top bits: a table's slot comes from the bottom ones.
        scopeShards[Int(truncatingIfNeeded: UInt(bitPattern: stackHash) >> 58) & (Self.shardCount - 1)]
    }

    /// The stack `parent` + `name`.
    func scope(_ name: String, parent: ScopeStack?) -> ScopeStack {
        scope(name, nameHash: ScopeStack.nameHash(name), parent: parent)
    }

    /// The stack `parent` + `name`, where `nameHash` is `ScopeStack.nameHash(name)`.
    func scope(_ name: String, nameHash: Int, parent: ScopeStack?) -> ScopeStack {
        let stackHash = ScopeStack.hash(parent: parent, nameHash: nameHash)
        guard parent?.isInterned ?? true else {
            return ScopeStack(parent: parent, scopeName: name, isInterned: false, hash: stackHash)
        }
        let shard = shard(stackHash)
        if let known = shard.table.withLock({ $0.find(hash: stackHash, parent: parent, name: name) }) {
            return known
        }
        // Made outside the lock (its names take a while): made under it, the two threads of a
        // cold jQuery run waited for each other in the kernel a few hundred times. A thread that
        // interned the same stack meanwhile wins, and this one is dropped.
        let made = ScopeStack(
            parent: parent, scopeName: name, isInterned: true, keepsNames: keepsNames, hash: stackHash)
        return shard.table.withLock { table in
            if let known = table.find(hash: stackHash, parent: parent, name: name) { return known }
            guard table.count < capacity / Self.shardCount else {
                return ScopeStack(parent: parent, scopeName: name, isInterned: false, hash: stackHash)
            }
            if immortal { made.makeImmortal() } else { countInsertion() }
            table.insert(made)
            return made
        }
    }

    /// Makes room for about `count` scope stacks at once, so that a whole document's first
    /// tokenization does not regrow the tables (rehashing every stack so far) as it goes.
    func reserveScopes(_ count: Int) {
        let perShard = min(count, capacity) / Self.shardCount
        for shard in scopeShards {
            shard.table.withLock { $0.reserve(perShard) }
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
        let key = Self.frameKey(of: stack, parent: parent)
        return frames.withLock { table in
            if let known = table[key] { return known }
            let node = RuleStack(
                parent: parent, ruleId: stack.ruleId, enterPos: -1, anchorPos: -1,
                beginRuleCapturedEOL: stack.beginRuleCapturedEOL, endRule: stack.endRule,
                nameScopes: stack.nameScopes, contentScopes: stack.contentScopes,
                isCanonical: table.count < capacity)
            if node.isCanonical {
                if immortal { Immortal.make(node) } else { countInsertion() }
                table[key] = node
            }
            return node
        }
    }

    /// The key a frame like `stack` on top of `parent` is interned under.
    private static func frameKey(of stack: RuleStack, parent: RuleStack?) -> FrameKey {
        FrameKey(
            parent: parent.map(ObjectIdentifier.init), ruleId: stack.ruleId,
            beginRuleCapturedEOL: stack.beginRuleCapturedEOL, endRule: stack.endRule,
            nameScopes: ObjectIdentifier(stack.nameScopes),
            contentScopes: ObjectIdentifier(stack.contentScopes))
    }

    private func countInsertion() {
        internedSinceSweep.wrappingAdd(1, ordering: .relaxed)
    }

    /// Whether so many stacks were interned since the last sweep that the tables should be
    /// swept now rather than when the daemon next goes idle: as many as the last sweep kept
    /// (at least `minimumSweepSpacing`, at most a quarter of `capacity`), as a tracing
    /// collector waits for its heap to double. A sweep visits every entry, kept or new, so its
    /// cost per interned stack stays constant; and the stacks a burst of edits leaves behind
    /// never outnumber the live ones by much. Spaced by a quarter of `capacity` alone, 150,000
    /// pipelined edits over fifty documents let 50,000 dead stacks pile up between sweeps, and
    /// the heap they had grown kept about 4 MB of holes among the survivors once idle.
    var needsSweep: Bool {
        guard !immortal else { return false }
        let spacing = min(
            capacity / 4, max(Self.minimumSweepSpacing, keptAtLastSweep.load(ordering: .relaxed)))
        return internedSinceSweep.load(ordering: .relaxed) >= spacing
    }

    /// Forgets the interned stacks nothing else holds any more, and returns how many.
    ///
    /// The tables hold the only strong reference to a stack that no line state, token, cache
    /// or child stack uses: a daemon whose documents were edited for hours keeps every stack
    /// it ever met otherwise. Frames go first (they hold their scope stacks), and a node's
    /// parent is looked at again as soon as the node goes, so chains go in one sweep.
    ///
    /// Only for a grammar no other thread is tokenizing with, and never for immortal stacks
    /// (they are shared without counting).
    @discardableResult
    func releaseUnused() -> Int {
        guard !immortal else { return 0 }
        internedSinceSweep.store(0, ordering: .relaxed)
        let released = releaseUnusedFrames() + releaseUnusedScopes()
        let kept = count
        keptAtLastSweep.store(kept.scopes + kept.frames, ordering: .relaxed)
        return released
    }

    private func releaseUnusedFrames() -> Int {
        frames.withLock { table in
            var pending = Array(table.keys)
            var released = 0
            while let key = pending.popLast() {
                guard let index = table.index(forKey: key), isKnownUniquelyReferenced(&table.values[index])
                else { continue }
                let parentKey = table.values[index].parent.map { Self.frameKey(of: $0, parent: $0.parent) }
                table.remove(at: index)
                released += 1
                if let parentKey { pending.append(parentKey) }
            }
            Self.shrink(&table)
            return released
        }
    }

    /// Gives back a table's room once most of it is empty: removing entries keeps a
    /// dictionary's storage, and a burst of edits can grow these tables to megabytes that a
    /// quiet document never uses again.
    private static func shrink<Key: Hashable, Value>(_ table: inout [Key: Value]) {
        guard table.capacity > 4 * max(table.count, 64) else { return }
        var smaller = [Key: Value](minimumCapacity: table.count)
        for (key, value) in table { smaller[key] = value }
        table = smaller
    }

    private func releaseUnusedScopes() -> Int {
        var pending = scopeShards.flatMap { shard in shard.table.withLock { $0.keys } }
        var released = 0
        while let key = pending.popLast() {
            let (removed, parent) = shard(key.hash).table.withLock { $0.removeIfUnreferenced(key) }
            guard removed else { continue }
            released += 1
            if let parent { pending.append(parent) }
        }
        for shard in scopeShards { shard.table.withLock { $0.shrinkIfSparse() } }
        return released
    }

    /// The room the tables have, in entries (a statistic for tests).
    var tableCapacity: (scopes: Int, frames: Int) {
        (scopeShards.reduce(0) { $0 + $1.table.withLock { $0.capacity } }, frames.withLock { $0.capacity })
    }

    /// The number of interned scope stacks and frames (a statistic).
    var count: (scopes: Int, frames: Int) {
        (scopeShards.reduce(0) { $0 + $1.table.withLock { $0.count } }, frames.withLock { $0.count })
    }
}
