import TextRope

/// A leaf of the line-state rope: a bounded array of line entries; the base measure is lines.
public struct LineStateChunk<State: Equatable & Sendable>: RopeChunk {
    /// The entries, one per line, in order.
    public private(set) var entries: [LineEntry<State>]
    /// How many entries are invalid (kept so the summary is O(1)).
    public private(set) var invalidCount: Int

    #if DEBUG
        // Tiny leaves in debug builds so tests exercise splits and merges.
        static var maximumEntries: Int { 4 }
        static var minimumEntries: Int { 1 }
    #else
        static var maximumEntries: Int { 256 }
        static var minimumEntries: Int { 64 }
    #endif

    /// A chunk of the given entries.
    public init(_ entries: [LineEntry<State>]) {
        self.entries = entries
        invalidCount = entries.reduce(0) { $0 + ($1.isValid ? 0 : 1) }
    }

    public var count: Int { entries.count }

    public var summary: LineStateSummary {
        LineStateSummary(lines: entries.count, invalidLines: invalidCount)
    }

    public var isUnderfull: Bool { entries.count < Self.minimumEntries }

    public func prefix(_ offset: Int) -> LineStateChunk { LineStateChunk(Array(entries[..<offset])) }

    public func suffix(from offset: Int) -> LineStateChunk { LineStateChunk(Array(entries[offset...])) }

    public func fitsWhenMerged(with other: LineStateChunk) -> Bool {
        entries.count + other.entries.count <= Self.maximumEntries
    }

    public func appending(_ other: LineStateChunk) -> LineStateChunk {
        // A new array of exactly the entries: `+` appends, and could double the room.
        var joined: [LineEntry<State>] = []
        joined.reserveCapacity(entries.count + other.entries.count)
        joined.append(contentsOf: entries)
        joined.append(contentsOf: other.entries)
        return LineStateChunk(joined)
    }

    public func balancedPieces() -> [LineStateChunk] {
        guard entries.count > Self.maximumEntries else { return [self] }
        let pieces = (entries.count + Self.maximumEntries - 1) / Self.maximumEntries
        let size = (entries.count + pieces - 1) / pieces
        return stride(from: 0, to: entries.count, by: size).map {
            LineStateChunk(Array(entries[$0..<min($0 + size, entries.count)]))
        }
    }

    public mutating func replaceInPlace(
        _ range: Range<Int>, with replacement: LineStateChunk?, isLastLeaf: Bool
    ) -> Bool {
        let inserted = replacement?.entries ?? []
        let newCount = entries.count - range.count + inserted.count
        guard newCount > 0, newCount <= Self.maximumEntries else { return false }
        invalidCount +=
            (replacement?.invalidCount ?? 0) - entries[range].reduce(0) { $0 + ($1.isValid ? 0 : 1) }
        entries.replaceLeafSubrange(
            range, with: inserted, spare: Self.spareEntries, limit: Self.maximumEntries)
        return true
    }

    /// The most unused room a leaf's array keeps after lines are replaced
    /// (`replaceLeafSubrange`); in debug builds less, so that the tests' small chunks take both
    /// ways.
    #if DEBUG
        static var spareEntries: Int { 1 }
    #else
        static var spareEntries: Int { 4 }
    #endif

    /// Replaces the entry at a chunk-local index.
    mutating func setEntry(_ entry: LineEntry<State>, at index: Int) {
        invalidCount += (entry.isValid ? 0 : 1) - (entries[index].isValid ? 0 : 1)
        entries[index] = entry
    }
}
