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

    private struct Key: Hashable {
        var state: ObjectIdentifier
        var textHash: Int
    }

    private var entries: [Key: Entry] = [:]

    /// The earlier line with the same start state and the same bytes as line `index`
    /// (terminator included, since the last token runs to the line's end), if any.
    func lookup(
        state: RuleStack, line index: Int, of lines: DocumentLines, in bytes: UnsafeBufferPointer<UInt8>
    )
        -> Entry?
    {
        let text = Self.bytes(of: index, lines, bytes)
        guard let entry = entries[Key(state: ObjectIdentifier(state), textHash: Self.hash(text))] else {
            return nil
        }
        let earlier = Self.bytes(of: entry.line, lines, bytes)
        guard earlier.count == text.count,
            earlier.count == 0 || memcmp(earlier.baseAddress!, text.baseAddress!, text.count) == 0
        else { return nil }
        return entry
    }

    /// Remembers line `index`, tokenized from `state` into `tokenCount` tokens from `firstToken`.
    mutating func store(
        state: RuleStack, line index: Int, of lines: DocumentLines, in bytes: UnsafeBufferPointer<UInt8>,
        firstToken: Int, tokenCount: Int, endState: RuleStack
    ) {
        let key = Key(
            state: ObjectIdentifier(state), textHash: Self.hash(Self.bytes(of: index, lines, bytes)))
        // The first line of a text keeps the slot; a hash collision only loses a reuse.
        guard entries[key] == nil else { return }
        entries[key] = Entry(
            startState: state, line: index, firstToken: firstToken, tokenCount: tokenCount, endState: endState
        )
    }

    private static func bytes(of index: Int, _ lines: DocumentLines, _ bytes: UnsafeBufferPointer<UInt8>)
        -> UnsafeRawBufferPointer
    {
        UnsafeRawBufferPointer(
            rebasing: UnsafeRawBufferPointer(bytes)[lines.starts[index]..<lines.ends[index]])
    }

    private static func hash(_ text: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: text)
        return hasher.finalize()
    }
}
