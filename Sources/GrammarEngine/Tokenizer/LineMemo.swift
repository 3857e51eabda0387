import Foundation

/// The lines a run of a whole document has tokenized, by start state and bytes, so that a
/// line met again in the same state takes the tokens it had the first time.
///
/// A line's tokens and end state depend only on its text and the state it starts in (the
/// document's first line aside, which starts from no state and is never remembered), and
/// canonical states are interned, so the same state is the same object. Closing braces, blank
/// lines, `return this;` and repeated declarations make up a third or more of the lines of
/// real code. Lines the time budget stopped or the length cap cut are not remembered: their
/// result depends on the clock or is only the line's start.
struct LineMemo {
    /// An earlier line: where its tokens sit in the run's buffer, and its end state.
    struct Entry {
        /// Keeps the start state alive, so its identity in the key stays unique.
        let startState: RuleStack
        let line: Int
        let firstToken: Int
        let tokenCount: Int
        let endState: RuleStack
    }

    struct Key: Equatable {
        var state: ObjectIdentifier
        var textHash: Int

        /// The key's slot hash: the state's address mixed into the text's hash.
        var mixed: UInt {
            (UInt(bitPattern: textHash) ^ UInt(bitPattern: state)) &* 0x9E37_79B9_7F4A_7C15
        }

        /// Where probing for the key starts in a table of `mask + 1` slots (a power of two).
        func homeSlot(mask: Int) -> Int {
            Int(truncatingIfNeeded: mixed >> 32) & mask
        }
    }

    /// An open-addressed table of indices into `stored` (-1: empty), a power of two at least
    /// twice the lines stored: a `Dictionary` hashed every key with SipHash, which cost a
    /// fifth of what the memo saved.
    private var slots: [Int32]
    private var stored: [(key: Key, entry: Entry)] = []

    /// A memo for up to `capacity` lines.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
    }

    /// The key of line `index` tokenized from `state`: the state's identity and a hash of the
    /// line's bytes, terminator included (the last token runs to the line's end).
    static func key(
        state: RuleStack, line index: Int, of lines: DocumentLines, in bytes: UnsafeBufferPointer<UInt8>
    )
        -> Key
    {
        Key(state: ObjectIdentifier(state), textHash: hash(Self.bytes(of: index, lines, bytes)))
    }

    /// The earlier line with `key` and the same bytes as line `index`, if any.
    func lookup(_ key: Key, line index: Int, of lines: DocumentLines, in bytes: UnsafeBufferPointer<UInt8>)
        -> Entry?
    {
        guard let entry = find(key) else { return nil }
        let text = Self.bytes(of: index, lines, bytes)
        let earlier = Self.bytes(of: entry.line, lines, bytes)
        guard earlier.count == text.count,
            earlier.count == 0 || memcmp(earlier.baseAddress!, text.baseAddress!, text.count) == 0
        else { return nil }
        return entry
    }

    /// Remembers line `index`, tokenized from `state` (whose key is `key`) into `tokenCount`
    /// tokens from `firstToken`.
    mutating func store(
        _ key: Key, state: RuleStack, line index: Int, firstToken: Int, tokenCount: Int, endState: RuleStack
    ) {
        // The first line of a text keeps its key; another text with the same key (a hash
        // collision) only loses a reuse.
        guard stored.count * 2 < slots.count else { return }
        let mask = slots.count - 1
        var slot = key.homeSlot(mask: mask)
        while slots[slot] >= 0 {
            if stored[Int(slots[slot])].key == key { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(stored.count)
        let entry = Entry(
            startState: state, line: index, firstToken: firstToken, tokenCount: tokenCount, endState: endState
        )
        stored.append((key, entry))
    }

    private func find(_ key: Key) -> Entry? {
        let mask = slots.count - 1
        var slot = key.homeSlot(mask: mask)
        while slots[slot] >= 0 {
            // Only the key is read while probing: copying an entry takes references to its
            // two states.
            let index = Int(slots[slot])
            if stored[index].key == key { return stored[index].entry }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func bytes(of index: Int, _ lines: DocumentLines, _ bytes: UnsafeBufferPointer<UInt8>)
        -> UnsafeRawBufferPointer
    {
        UnsafeRawBufferPointer(
            rebasing: UnsafeRawBufferPointer(bytes)[lines.starts[index]..<lines.ends[index]])
    }

    /// A multiply-xorshift hash over eight bytes at a time: `Hasher` (SipHash) cost more than
    /// a tenth of what the memo saved, and a collision only costs the byte comparison.
    static func hash(_ text: UnsafeRawBufferPointer) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(text.count) &* multiplier
        var offset = 0
        while offset + 8 <= text.count {
            let word = text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < text.count {
            tail |= UInt64(text[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* multiplier
        return Int(bitPattern: UInt(hash ^ (hash >> 32)))
    }
}
