/// The lines an incremental highlighter tokenized lately, by start state and text, so that a
/// line met again in the same state takes the tokens it had then.
///
/// A line's tokens depend only on its text and the state it starts in (`LineMemo` says why),
/// and the lines an edit makes a highlighter retokenize are often lines it tokenized before in
/// the same state: typing `}` after `{` (or deleting the `{`) puts every line below back into
/// the states they had before the `{`, and a view's window of 30 lines was retokenized twice.
/// On a 3,000-edit Rust trace over stdio, those windows were most of the slowest keystrokes.
///
/// Unlike `LineMemo`, the lines' old text is gone by the time they are met again, so each
/// entry keeps a copy of its line's bytes and a hit compares them in full: a hash collision
/// costs a tokenization, never a wrong token.
///
/// # Bounds
/// Entries live in two generations. New entries go into the current one; when it holds
/// `generationBytes` (text, tokens and bookkeeping, estimated) or `generationEntries` entries,
/// it becomes the previous one and the old previous one is dropped. A hit in the previous
/// generation copies the entry into the current one, so lines in use survive. A memo therefore
/// holds at most twice the budget. Lines the time budget stopped, the length cap cut, or a
/// match limit changed are never kept: their tokens depend on more than text and state.
public struct RecentLineMemo {
    /// The most estimated bytes one generation holds.
    public let generationBytes: Int
    /// The most entries one generation holds.
    public let generationEntries: Int
    private var current = RecentLineGeneration()
    private var previous = RecentLineGeneration()

    /// Lines answered from the memo so far (a statistic).
    public private(set) var hits = 0

    /// An empty memo. The defaults hold about 1,500 lines of code per generation, so that the
    /// lines near an edit keep their old states while the lines below an unclosed `{` are
    /// retokenized in the background, and take about 1 MB by `RecentLineGeneration.cost`.
    public init(generationBytes: Int = 512 << 10, generationEntries: Int = 4_096) {
        self.generationBytes = max(1, generationBytes)
        self.generationEntries = max(1, generationEntries)
    }

    /// The number of lines remembered (a line copied up from the previous generation counts
    /// twice until that generation is dropped).
    public var count: Int { current.count + previous.count }

    /// Forgets every line (and the states and scope stacks the entries kept alive).
    public mutating func removeAll() {
        current = RecentLineGeneration()
        previous = RecentLineGeneration()
    }

    /// The key of `text` tokenized from `state`.
    static func key(_ text: UnsafeBufferPointer<UInt8>, state: RuleStack) -> RecentLineGeneration.Key {
        .init(state: ObjectIdentifier(state), textHash: LineMemo.hash(UnsafeRawBufferPointer(text)))
    }

    /// The earlier result for `text` from the state in `key`, if one is remembered.
    mutating func lookup(_ key: RecentLineGeneration.Key, text: UnsafeBufferPointer<UInt8>)
        -> LineTokenization?
    {
        if let index = current.find(key, text: text) {
            hits += 1
            return current.entries[index].result
        }
        guard let index = previous.find(key, text: text) else { return nil }
        hits += 1
        let entry = previous.entries[index]
        insert(entry.result, text: text, state: entry.startState, key: key, cost: entry.cost)
        return entry.result
    }

    /// Remembers `result`, tokenized from `state` (`key`), if nothing but text and state made
    /// it.
    mutating func remember(
        _ result: LineTokenization, of text: UnsafeBufferPointer<UInt8>, from state: RuleStack,
        key: RecentLineGeneration.Key
    ) {
        guard !result.stoppedEarly, !result.truncated, result.limitHits == 0 else { return }
        let cost = RecentLineGeneration.cost(textCount: text.count, tokenCapacity: result.tokens.capacity)
        // A line larger than a generation would only push everything else out.
        guard cost <= generationBytes else { return }
        insert(result, text: text, state: state, key: key, cost: cost)
    }

    private mutating func insert(
        _ result: LineTokenization, text: UnsafeBufferPointer<UInt8>, state: RuleStack,
        key: RecentLineGeneration.Key, cost: Int
    ) {
        if current.bytes + cost > generationBytes || current.count >= generationEntries {
            // The next generation will likely fill as this one did: room for as many at once.
            let filled = current.count
            previous = current
            current = RecentLineGeneration(expecting: filled)
        }
        current.append(result, text: text, state: state, key: key, cost: cost)
    }
}

extension Grammar {
    /// `tokenizeLine(utf8:state:)`, answered from `memo` when the line was tokenized from the
    /// same state before, and remembered there otherwise. The tokens are the same either way;
    /// without ``SearchShortcuts/lineMemo`` the memo is not used.
    public func tokenizeLine(
        utf8 bytes: UnsafeBufferPointer<UInt8>, state: RuleStack?, memo: inout RecentLineMemo
    ) -> LineTokenization {
        // The first line (no state) is tokenized as the first line, and is never remembered.
        guard let state, configuration.shortcuts.contains(.lineMemo) else {
            return tokenizeLine(utf8: bytes, state: state)
        }
        let key = RecentLineMemo.key(bytes, state: state)
        if let earlier = memo.lookup(key, text: bytes) { return earlier }
        let result = tokenizeLine(utf8: bytes, state: state)
        memo.remember(result, of: bytes, from: state, key: key)
        return result
    }
}
