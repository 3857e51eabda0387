extension Grammar {
    /// Tokenizes a whole document into tokens that cover its UTF-8 bytes with no gap or
    /// overlap.
    ///
    /// Lines end at `\n`, `\r\n` or `\r`; a line terminator belongs to the token that ends its
    /// line. Scopes are listed outermost first. `jobs` is how many threads may share the work
    /// (nil: one per CPU the process may run on); the tokens are the same for every value.
    public func tokenizeDocument(_ text: String, jobs: Int? = nil) -> [DocumentToken] {
        var text = text
        return text.withUTF8 { tokenizeDocument(utf8: $0, jobs: jobs) }
    }

    /// Tokenizes a whole document given as UTF-8 bytes.
    public func tokenizeDocument(utf8 bytes: UnsafeBufferPointer<UInt8>, jobs: Int? = nil) -> [DocumentToken]
    {
        tokenizeDocumentInChunks(utf8: bytes, jobs: jobs).tokens
    }

    /// Tokenizes `lines` one after the other from `state` (nil before the document's first
    /// line), appending to `run`.
    func tokenize(
        lines range: Range<Int>, of lines: DocumentLines, in bytes: UnsafeBufferPointer<UInt8>,
        from state: RuleStack?,
        into run: inout ChunkRun
    ) {
        var state = state
        // One thread-local lookup per run of lines rather than per line.
        let workspace = MatchWorkspace.current
        var lineTokens: [LineToken] = []
        lineTokens.reserveCapacity(256)
        var memo = LineMemo(capacity: range.count)
        let usesMemo = configuration.shortcuts.contains(.lineMemo)
        for index in range {
            let key =
                usesMemo ? state.map { LineMemo.key(state: $0, line: index, of: lines, in: bytes) } : nil
            if let key, let earlier = memo.lookup(key, line: index, of: lines, in: bytes) {
                run.appendRepeat(
                    of: earlier, lineStart: lines.starts[index], earlierStart: lines.starts[earlier.line])
                state = earlier.endState
                continue
            }
            let firstToken = run.tokens.count
            let end = tokenizeLine(
                utf8: lines.text(index, in: bytes), state: state, workspace: workspace, into: &lineTokens)
            run.append(
                lineTokens, endState: end.state, lineStart: lines.starts[index], lineEnd: lines.ends[index])
            if let key, let start = state, !end.stoppedEarly, !end.truncated {
                memo.store(
                    key, state: start, line: index, firstToken: firstToken,
                    tokenCount: run.tokens.count - firstToken, endState: end.state)
            }
            state = end.state
        }
    }
}

/// The tokens of a run of consecutive lines, and what a later run needs to check it against:
/// where each line's tokens start and each line's end state.
struct ChunkRun {
    let tokens: TokenBuffer
    /// Per line, the index of its first token in `tokens`; kept only when `recordsLines`.
    var lineTokenStarts: [Int] = []
    /// Per line, its end state; only the last is kept unless `recordsLines`.
    var endStates: [RuleStack] = []
    let recordsLines: Bool

    init(expectedBytes: Int, expectedLines: Int, recordsLines: Bool) {
        self.init(
            tokens: Self.tokenBuffer(expectedBytes: expectedBytes), expectedLines: expectedLines,
            recordsLines: recordsLines)
    }

    /// A run that appends to `tokens`, made by the caller: on the thread that starts a
    /// document's chunks, so that every chunk's tokens come from that thread's heap (see
    /// `tokenizeChunks`).
    init(tokens: TokenBuffer, expectedLines: Int, recordsLines: Bool) {
        self.recordsLines = recordsLines
        self.tokens = tokens
        if recordsLines {
            lineTokenStarts.reserveCapacity(expectedLines)
            endStates.reserveCapacity(expectedLines)
        }
    }

    /// The buffer for the tokens of about `expectedBytes` bytes of text.
    ///
    /// Code has about one token per three or four bytes (jQuery: 3.2): room for one per three
    /// is one allocation instead of the first dozen doublings (each a copy of every token so
    /// far), and what a file with fewer tokens leaves unused is never touched.
    static func tokenBuffer(expectedBytes: Int) -> TokenBuffer {
        TokenBuffer(capacity: expectedBytes / 3 + 16)
    }

    mutating func append(_ lineTokens: [LineToken], endState: RuleStack, lineStart: Int, lineEnd: Int) {
        recordLine(endState: endState)
        for index in lineTokens.indices {
            let start = lineStart + lineTokens[index].start
            let end = index + 1 < lineTokens.count ? lineStart + lineTokens[index + 1].start : lineEnd
            guard end > start else { continue }
            tokens.append(DocumentToken(range: start..<end, stack: lineTokens[index].scopes))
        }
    }

    /// Appends a line with the same bytes and start state as an earlier line of this run: its
    /// tokens, moved from the earlier line's start to this one's.
    mutating func appendRepeat(of earlier: LineMemo.Entry, lineStart: Int, earlierStart: Int) {
        recordLine(endState: earlier.endState)
        tokens.appendCopies(
            from: earlier.firstToken, count: earlier.tokenCount, shiftedBy: lineStart - earlierStart)
    }

    private mutating func recordLine(endState: RuleStack) {
        if recordsLines {
            lineTokenStarts.append(tokens.count)
            endStates.append(endState)
        } else if endStates.isEmpty {
            endStates.append(endState)
        } else {
            endStates[0] = endState
        }
    }
}
