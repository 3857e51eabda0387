import Foundation

/// One generation of a `RecentLineMemo`: its entries in order, their lines' bytes one after
/// another in one buffer, and an open-addressed table of the entries by key.
///
/// Built for what the memo does on every line it misses (most lines an edit retokenizes are
/// new): a lookup and an append, with no per-entry allocation for the bytes and no `Hasher`.
/// A generation is only ever appended to and then dropped whole, so it needs no removal, and
/// dropping it frees three buffers besides what its entries hold. With a `Dictionary` of
/// entries that each owned an array of bytes, the memo cost a third as much as the tokenizer
/// on a Markdown trace where few lines repeat.
struct RecentLineGeneration {
    /// The start state's identity and the line's hash, as in the whole-document memo.
    typealias Key = LineMemo.Key

    struct Entry {
        let key: Key
        /// Keeps the start state alive, so that its identity in the key stays unique.
        let startState: RuleStack
        /// Where the line's bytes are in `text`.
        let textStart: Int
        let textCount: Int
        let result: LineTokenization
        /// The entry's estimated cost in bytes, counted against a generation's budget.
        let cost: Int
    }

    /// What an entry is estimated to take: its fields and bytes twice over (the arrays that
    /// hold them grow by doubling), its slots, and its tokens' array with its header and the
    /// allocator's rounding. (Counting each field and byte once made the memo take about twice
    /// its budget in the daemon's resident size.)
    static func cost(textCount: Int, tokenCapacity: Int) -> Int {
        let tokens = tokenCapacity * MemoryLayout<LineToken>.stride + 48
        return 2 * (MemoryLayout<Entry>.stride + textCount) + 16 + tokens
    }

    private(set) var entries: [Entry] = []
    /// Every entry's line bytes, one after another.
    private var text: [UInt8] = []
    /// Indices into `entries` (-1: empty), a power of two at least twice their number.
    private var slots: [Int32] = []
    /// The estimated bytes of the entries.
    private(set) var bytes = 0

    /// An empty generation.
    init() {}

    /// An empty generation with room for `count` entries before it grows.
    init(expecting count: Int) {
        entries.reserveCapacity(count)
        slots = [Int32](repeating: -1, count: Self.slotCount(for: count))
    }

    var count: Int { entries.count }

    /// The entry with `key` whose line is `line`, if there is one.
    func find(_ key: Key, text line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = key.homeSlot(mask: mask)
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            // Only the key and the bytes are read while probing: copying an entry takes
            // references to its states and tokens.
            if entries[index].key == key, sameText(index, line) { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds an entry (a key already here keeps its first entry, which `find` meets first).
    mutating func append(
        _ result: LineTokenization, text line: UnsafeBufferPointer<UInt8>, state: RuleStack, key: Key,
        cost: Int
    ) {
        if (entries.count + 1) * 2 > slots.count { grow() }
        let entry = Entry(
            key: key, startState: state, textStart: text.count, textCount: line.count, result: result,
            cost: cost)
        text.append(contentsOf: line)
        slots[freeSlot(for: key)] = Int32(entries.count)
        entries.append(entry)
        bytes += cost
    }

    private func sameText(_ index: Int, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entries[index].textCount == line.count else { return false }
        guard line.count > 0 else { return true }
        let start = entries[index].textStart
        return text.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + start, line.baseAddress!, line.count) == 0
        }
    }

    /// Doubles the table (at least 16 slots) and puts every entry back.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: Self.slotCount(for: max(8, entries.count + 1)))
        for (index, entry) in entries.enumerated() { slots[freeSlot(for: entry.key)] = Int32(index) }
    }

    /// The first empty slot on `key`'s probe sequence.
    private func freeSlot(for key: Key) -> Int {
        let mask = slots.count - 1
        var slot = key.homeSlot(mask: mask)
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        return slot
    }

    /// The smallest power of two at least twice `count`, and at least 16.
    private static func slotCount(for count: Int) -> Int {
        var size = 16
        while size < count * 2 { size <<= 1 }
        return size
    }
}
