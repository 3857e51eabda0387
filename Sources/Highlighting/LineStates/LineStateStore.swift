import TextRope

/// Per-line tokenizer end states and validity, in a rope so that inserting or deleting lines
/// anywhere is O(log n) — a million-line file does not move megabytes per Enter key.
///
/// Lines are numbered from zero; the store always holds as many entries as it was told there
/// are lines. Invalid lines are counted in every node, so the next line needing work is found
/// in O(log n).
public struct LineStateStore<State: Equatable & Sendable>: Sendable {
    var rope = Rope<LineStateChunk<State>>()

    /// A store of `lineCount` lines, all unknown (invalid, no end state).
    public init(lineCount: Int = 1) {
        replaceLines(0..<0, withUnknownLines: lineCount)
    }

    /// The number of lines.
    public var count: Int { rope.count }

    /// The number of invalid lines.
    public var invalidCount: Int { rope.summary.invalidLines }

    /// The entry of a line.
    /// - Complexity: O(log n).
    public subscript(line: Int) -> LineEntry<State> {
        get {
            precondition(line >= 0 && line < count, "line \(line) outside the store of \(count) lines")
            let leaf = rope.seekLeaf { $0.lines > line }!
            return leaf.chunk.entries[line - leaf.start]
        }
        set {
            precondition(line >= 0 && line < count, "line \(line) outside the store of \(count) lines")
            let edited = rope.editLeafInPlace(line..<(line + 1)) { chunk, local, _ in
                guard local.lowerBound < chunk.count else { return false }
                chunk.setEntry(newValue, at: local.lowerBound)
                return true
            }
            if !edited { rope.replaceSubrange(line..<(line + 1), with: [LineStateChunk([newValue])]) }
        }
    }

    /// Replaces the entries of `lines` with `entries` (any number, so lines are inserted or
    /// removed).
    /// - Complexity: O(log n + entries.count).
    public mutating func replaceLines(_ lines: Range<Int>, with entries: [LineEntry<State>]) {
        precondition(lines.lowerBound >= 0 && lines.upperBound <= count, "lines outside the store")
        if entries.isEmpty && lines.isEmpty { return }
        let replacement = entries.isEmpty ? nil : LineStateChunk(entries)
        if !lines.isEmpty {
            let edited = rope.editLeafInPlace(lines) { chunk, local, isLast in
                chunk.replaceInPlace(local, with: replacement, isLastLeaf: isLast)
            }
            if edited { return }
        }
        rope.replaceSubrange(lines, with: replacement.map { [$0] } ?? [])
    }

    /// Replaces the entries of `lines` with `count` unknown entries (invalid, no end state).
    ///
    /// Many lines (a document opened, a large paste) go in as chunks sharing one array of
    /// unknown entries, copy-on-write: the store costs its tree, and a chunk's own memory is
    /// only made when one of its lines is first set, instead of an entry per line written and
    /// copied at once.
    /// - Complexity: O(log n + count / chunk size).
    public mutating func replaceLines(_ lines: Range<Int>, withUnknownLines count: Int) {
        let size = LineStateChunk<State>.maximumEntries
        guard count > size else {
            return replaceLines(lines, with: Array(repeating: .unknown, count: count))
        }
        precondition(lines.lowerBound >= 0 && lines.upperBound <= self.count, "lines outside the store")
        // Even pieces, as `LineStateChunk.balancedPieces` cuts them.
        let pieces = (count + size - 1) / size
        let pieceSize = (count + pieces - 1) / pieces
        let shared = LineStateChunk<State>(Array(repeating: .unknown, count: pieceSize))
        var chunks = Array(repeating: shared, count: count / pieceSize)
        if count % pieceSize > 0 {
            chunks.append(LineStateChunk(Array(repeating: .unknown, count: count % pieceSize)))
        }
        rope.replaceSubrange(lines, with: chunks)
    }

    /// Marks a line invalid, keeping its end state.
    /// - Complexity: O(log n).
    public mutating func invalidate(_ line: Int) {
        var entry = self[line]
        guard entry.isValid else { return }
        entry.isValid = false
        self[line] = entry
    }

    /// Marks every line invalid, keeping the end states (after a theme change, say).
    public mutating func invalidateAll() {
        var entries: [LineEntry<State>] = []
        entries.reserveCapacity(count)
        rope.forEachChunk { chunk, _ in
            entries.append(
                contentsOf: chunk.entries.lazy.map { LineEntry(endState: $0.endState, isValid: false) })
            return true
        }
        rope = Rope()
        replaceLines(0..<0, with: entries)
    }

    /// The first invalid line at or after `line`, or nil if there is none.
    /// - Complexity: O(log n) plus a scan of two leaves.
    public func firstInvalidLine(atOrAfter line: Int = 0) -> Int? {
        guard line < count, invalidCount > 0 else { return nil }
        let start = max(0, line)
        let leaf = rope.seekLeaf { $0.lines > start }!
        let local = start - leaf.start
        if let index = leaf.chunk.entries[local...].firstIndex(where: { !$0.isValid }) {
            return leaf.start + index
        }
        let before = leaf.prefix.invalidLines + leaf.chunk.invalidCount
        guard before < invalidCount else { return nil }
        let next = rope.seekLeaf { $0.invalidLines > before }!
        guard let index = next.chunk.entries.firstIndex(where: { !$0.isValid }) else { return nil }
        return next.start + index
    }

    /// All entries in order (for tests and diagnostics).
    public var entries: [LineEntry<State>] {
        var result: [LineEntry<State>] = []
        rope.forEachChunk { chunk, _ in
            result.append(contentsOf: chunk.entries)
            return true
        }
        return result
    }

    /// An estimate of the bytes the store holds per line: the entry itself plus each leaf's
    /// array header and node, shared over the leaf's lines. States are interned by the grammar
    /// and shared between lines, so they are not counted here.
    public var estimatedBytesPerLine: Double {
        guard count > 0 else { return 0 }
        var leaves = 0
        var capacity = 0
        rope.forEachChunk { chunk, _ in
            leaves += 1
            capacity += chunk.entries.capacity
            return true
        }
        // An array buffer header is 32 bytes; a rope node (class instance with its summary,
        // count, children or chunk) about 80; inner nodes add about 1/8 of the leaves again.
        let overhead = Double(leaves) * (32 + 80) * 1.125
        return (Double(capacity * MemoryLayout<LineEntry<State>>.stride) + overhead) / Double(count)
    }
}
