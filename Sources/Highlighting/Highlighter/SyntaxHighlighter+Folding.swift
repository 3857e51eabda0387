import DocumentStorage
import GrammarEngine
import TextRope

/// A region the grammar's state shows spanning lines: a begin/end (or begin/while) rule that
/// began on `start` and ended on `end` (or runs to the last line, unterminated).
public struct GrammarRegion: Hashable, Sendable {
    public var start: LineIndex
    public var end: LineIndex
    /// Whether the rule's scopes make it a comment (`TokenKind`).
    public var isComment: Bool

    public init(start: LineIndex, end: LineIndex, isComment: Bool) {
        self.start = start
        self.end = end
        self.isComment = isComment
    }
}

extension SyntaxHighlighter {
    /// The multi-line regions of the document, in order of their first lines, one per first
    /// line (the outermost of rules begun on the same line), each spanning at least two lines.
    ///
    /// Read from the line states: a line's entry knows the fewest frames its state had
    /// (`LineEntry.lowestDepth`), so the frames of the state before it above that were closed
    /// on it and the frames of its end state above that were opened on it. Every invalid line
    /// is highlighted first: this is a whole-document question, asked for folding.
    public func grammarRegions(storage: TextStorage) -> [GrammarRegion] {
        if self.storage !== storage { reset(for: storage) }
        _ = highlightInvalidLines(in: 0..<store.count, storage: storage)
        var open: [(depth: Int, line: Int, isComment: Bool)] = []
        var regions: [Int: GrammarRegion] = [:]
        func close(_ frame: (depth: Int, line: Int, isComment: Bool), at line: Int) {
            guard line > frame.line else { return }
            let region = GrammarRegion(
                start: LineIndex(frame.line), end: LineIndex(line), isComment: frame.isComment)
            // Frames begun on one line: the outermost closes last and wins.
            if let known = regions[frame.line], known.end > region.end { return }
            regions[frame.line] = region
        }
        for line in 0..<store.count {
            let entry = store[line]
            guard let end = entry.endState else { continue }
            let lowest = Int(entry.lowestDepth)
            while let last = open.last, last.depth > lowest {
                open.removeLast()
                close(last, at: line)
            }
            var opened: [(depth: Int, line: Int, isComment: Bool)] = []
            var frame: RuleStack? = end
            while let current = frame, current.depth > lowest {
                let isComment = TokenKind(scopes: current.nameScopes.scopeNames) == .comment
                opened.append((current.depth, line, isComment))
                frame = current.parent
            }
            open += opened.reversed()
        }
        let last = store.count - 1
        while let frame = open.popLast() { close(frame, at: last) }
        return regions.keys.sorted().compactMap { regions[$0] }
    }
}
