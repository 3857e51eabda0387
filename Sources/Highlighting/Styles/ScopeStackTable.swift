import GrammarEngine

/// A hash table from scope stacks to values, indexed by the stacks' own structural hashes
/// with linear probing.
///
/// What `ScopeStyleCache` looks every token up in. A `Dictionary` hashed each stack's
/// hash again with SipHash and probed twice per miss; that was a tenth of the time a
/// keystroke spent highlighting its lines (`perf`, the rustcode trace as Rust).
struct ScopeStackTable<Value> {
    private var keys: [ScopeStack?]
    private var values: [Value?]
    private(set) var count = 0

    /// A table with room for `expected` stacks before it grows.
    init(expected: Int = 256) {
        let size = 1 << max(4, Int.bitWidth - (max(1, expected) * 2 - 1).leadingZeroBitCount)
        keys = Array(repeating: nil, count: size)
        values = Array(repeating: nil, count: size)
    }

    /// The value stored for a stack equal to `stack`, or nil.
    subscript(stack: ScopeStack) -> Value? {
        let mask = keys.count - 1
        var slot = stack.structuralHash & mask
        while let stored = keys[slot] {
            if stored === stack || stored == stack { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `stack` (replacing what an equal stack had).
    mutating func insert(_ value: Value, for stack: ScopeStack) {
        if (count + 1) * 4 > keys.count * 3 { grow() }
        let mask = keys.count - 1
        var slot = stack.structuralHash & mask
        while let stored = keys[slot] {
            if stored === stack || stored == stack {
                values[slot] = value
                return
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = stack
        values[slot] = value
        count += 1
    }

    /// Forgets every stack, keeping the room.
    mutating func removeAll() {
        for index in keys.indices {
            keys[index] = nil
            values[index] = nil
        }
        count = 0
    }

    private mutating func grow() {
        let old = zip(keys, values)
        var larger = ScopeStackTable(expected: keys.count)
        for case (let key?, let value?) in old { larger.insert(value, for: key) }
        self = larger
    }
}
