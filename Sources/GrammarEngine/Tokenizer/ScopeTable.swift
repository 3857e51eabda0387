/// The interned scope stacks of one part of a `StackInterner`: an open-addressing set keyed by
/// a node's parent (its identity) and innermost name, probed linearly from the node's
/// structural hash.
///
/// It replaced a `Dictionary` keyed by (parent, name): a cold jQuery `highlight` interns 8,700
/// stacks, and the dictionary ran two SipHash rounds per lookup, copied the name into its key
/// (a reference count each time) and kept keys, values and its bitmap in three arrays, so a
/// cold insert missed the processor's cache three times. Here a slot is the hash and the node
/// side by side; the hash is the one the node keeps (`ScopeStack.hash`), which a caller
/// computes once per name (`ScopeStack.nameHash`). Not thread-safe: its interner guards it.
///
/// `~Copyable`: the value owns its slots and frees them (releasing its nodes) when it goes.
struct ScopeTable: ~Copyable {
    private struct Slot {
        var hash: Int
        /// nil: the slot is empty.
        var node: ScopeStack?
    }

    private var slots: UnsafeMutablePointer<Slot>
    /// The slot count less one (a power of two less one).
    private var mask: Int
    private(set) var count = 0

    /// An empty table of 16 slots (`reserve` makes room for more at once).
    init() {
        mask = Self.slotCount(for: 0) - 1
        slots = Self.emptySlots(mask + 1)
    }

    deinit {
        slots.deinitialize(count: mask + 1)
        slots.deallocate()
    }

    /// The entries it holds before it grows (three quarters of its slots).
    var capacity: Int { (mask + 1) / 4 * 3 }

    /// The interned node `name` on `parent`, whose structural hash is `hash`.
    func find(hash: Int, parent: ScopeStack?, name: String) -> ScopeStack? {
        var index = hash & mask
        while let node = slots[index].node {
            if slots[index].hash == hash, node.parent === parent, node.scopeName == name { return node }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds `node`, which the table must not hold yet (nor an equal node).
    mutating func insert(_ node: ScopeStack) {
        if count >= capacity { resize(slotCount: (mask + 1) * 2) }
        place(node)
        count += 1
    }

    /// Makes room for `count` entries without growing.
    mutating func reserve(_ count: Int) {
        let needed = Self.slotCount(for: count)
        if needed > mask + 1 { resize(slotCount: needed) }
    }

    /// What finds an entry without holding its parent: the sweep keeps keys of nodes it may
    /// remove later, and a strong reference would keep those nodes' parents from going.
    struct Key {
        var hash: Int
        var parent: ObjectIdentifier?
        var name: String

        init(of node: ScopeStack) {
            hash = node.hash
            parent = node.parent.map(ObjectIdentifier.init)
            name = node.scopeName
        }
    }

    /// The keys of the nodes held.
    var keys: [Key] {
        var result: [Key] = []
        result.reserveCapacity(count)
        for index in 0...mask { if let node = slots[index].node { result.append(Key(of: node)) } }
        return result
    }

    /// Removes the node under `key` if nothing but the table holds it, and returns the key of
    /// its parent then (nil at the root, or when nothing was removed: see `removed`).
    mutating func removeIfUnreferenced(_ key: Key) -> (removed: Bool, parent: Key?) {
        // No binding of the slot's node lives across the uniqueness check: it would be a
        // second reference.
        var index = key.hash & mask
        while slots[index].node != nil {
            if slots[index].hash == key.hash, Self.node(slots[index].node.unsafelyUnwrapped, matches: key) {
                guard isKnownUniquelyReferenced(&slots[index].node) else { return (false, nil) }
                let parent = slots[index].node.unsafelyUnwrapped.parent.map(Key.init(of:))
                removeSlot(at: index)
                return (true, parent)
            }
            index = (index + 1) & mask
        }
        return (false, nil)
    }

    private static func node(_ node: ScopeStack, matches key: Key) -> Bool {
        node.parent.map(ObjectIdentifier.init) == key.parent && node.scopeName == key.name
    }

    /// Empties slot `index`; the entries after it in its run move back into the gap when the
    /// slot they hash to allows (deletion without tombstones), so lookups keep stopping at the
    /// first empty slot.
    private mutating func removeSlot(at index: Int) {
        slots[index].node = nil
        var gap = index
        var next = (index + 1) & mask
        while let moving = slots[next].node {
            let home = slots[next].hash & mask
            // Whether `home` lies cyclically in (gap, next]: then the entry stays where it is.
            let stays = gap <= next ? (gap < home && home <= next) : (gap < home || home <= next)
            if !stays {
                slots[gap] = Slot(hash: slots[next].hash, node: moving)
                slots[next].node = nil
                gap = next
            }
            next = (next + 1) & mask
        }
        count -= 1
    }

    /// Gives back the room of a table that is mostly empty (after a sweep): a burst of edits
    /// can grow it to megabytes that a quiet document never uses again.
    mutating func shrinkIfSparse() {
        let wanted = Self.slotCount(for: count)
        if wanted * 4 <= mask + 1 { resize(slotCount: wanted) }
    }

    private mutating func place(_ node: ScopeStack) {
        var index = node.hash & mask
        while slots[index].node != nil { index = (index + 1) & mask }
        slots[index] = Slot(hash: node.hash, node: node)
    }

    private mutating func resize(slotCount: Int) {
        let old = slots
        let oldCount = mask + 1
        slots = Self.emptySlots(slotCount)
        mask = slotCount - 1
        for index in 0..<oldCount { if let node = old[index].node { place(node) } }
        old.deinitialize(count: oldCount)
        old.deallocate()
    }

    /// The power of two of slots that holds `count` entries at three quarters full (16 at least).
    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots / 4 * 3 < count { slots *= 2 }
        return slots
    }

    private static func emptySlots(_ count: Int) -> UnsafeMutablePointer<Slot> {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: count)
        slots.initialize(repeating: Slot(hash: 0, node: nil), count: count)
        return slots
    }
}
