import Foundation

/// What a whole-document tokenization did: how many chunks ran at once, and at each cut
/// whether the guessed start state was right and how many lines were tokenized again.
public struct DocumentTokenization: Sendable {
    /// One cut between chunks.
    public struct Seam: Sendable, Equatable {
        /// The first line of the chunk after the cut.
        public var line: Int
        /// Whether the chunk's guessed start state equalled the state the line above ended in.
        public var guessedRight: Bool
        /// Lines of the chunk tokenized again from the right state before the two runs met.
        public var linesRetokenized: Int
    }

    /// The tokens, the same as one thread would have produced.
    public var tokens: [DocumentToken]
    /// How many chunks were tokenized at the same time (1: the document ran on one thread).
    public var chunkCount: Int
    /// The cuts, in document order.
    public var seams: [Seam]
}

extension Grammar {
    /// The smallest document worth cutting: below this, starting threads and guessing costs
    /// more than it saves.
    public static let minimumBytesPerChunk = 32 * 1024
    /// The fewest lines worth a chunk: files of a few long lines have too few lines to find
    /// a cut and a donor that looks like it.
    public static let minimumLinesPerChunk = 256

    /// How many threads a whole-document tokenization uses when not told: one per CPU the
    /// process may run on.
    public static var defaultDocumentJobs: Int {
        ProcessInfo.processInfo.activeProcessorCount
    }

    /// Tokenizes a whole document, cut into up to `jobs` chunks tokenized at the same time,
    /// and says how the cuts went. Chunks hold at least `minimumChunkBytes` bytes and
    /// `minimumChunkLines` lines.
    ///
    /// Tokenization is a left fold over lines (a line's tokens and end state depend only on
    /// its text and the state it starts in), so a chunk started from a guessed state holds
    /// the fold's result from the first of its lines whose start state the guess got right.
    /// When the chunks are joined in order, each chunk's guess is compared with the end state
    /// of the line above, as the fold computed it: if they are equal the whole chunk is kept;
    /// otherwise its lines are tokenized again, from the right state, until one ends in the
    /// state the chunk's own run ended that line in. From there both runs start every line
    /// from the same state, so the chunk's own tokens are kept for the rest. The result is
    /// the fold's, whatever the guesses were; a wrong guess only costs time.
    public func tokenizeDocumentInChunks(
        utf8 bytes: UnsafeBufferPointer<UInt8>, jobs: Int? = nil,
        minimumChunkBytes: Int = Grammar.minimumBytesPerChunk,
        minimumChunkLines: Int = Grammar.minimumLinesPerChunk
    ) -> DocumentTokenization {
        let lines = DocumentLines(bytes)
        // About one new scope stack per 30 bytes of code on a first tokenization (8,232 for
        // jQuery's 242 KB), up to a bound.
        interner.reserveScopes(min(bytes.count / 30, 1 << 16))
        let chunkCount = max(
            1,
            min(
                jobs ?? Self.defaultDocumentJobs, bytes.count / max(1, minimumChunkBytes),
                lines.count / max(1, minimumChunkLines)))
        let plan = ChunkPlan(lines: lines, bytes: bytes, chunkCount: chunkCount)
        guard plan.chunks.count > 1 else {
            var run = ChunkRun(expectedBytes: bytes.count, expectedLines: lines.count, recordsLines: false)
            tokenize(lines: 0..<lines.count, of: lines, in: bytes, from: nil, into: &run)
            return DocumentTokenization(tokens: TokenBuffer.join([(run.tokens, 0)]), chunkCount: 1, seams: [])
        }
        let runs = tokenizeChunks(plan.chunks, of: lines, in: bytes)
        return join(runs, of: plan.chunks, lines: lines, in: bytes)
    }

    /// Each chunk's run, from its guessed start state, on as many threads as there are chunks.
    private func tokenizeChunks(
        _ chunks: [ChunkPlan.Chunk], of lines: DocumentLines, in bytes: UnsafeBufferPointer<UInt8>
    ) -> [(guess: RuleStack?, run: ChunkRun)] {
        // The token buffers are allocated here, not on the threads that fill them: a worker
        // thread allocates from an arena of its own, whose pages glibc faults in 4 KB at a
        // time, while a one-shot command's main heap is marked for huge pages
        // (`OneShotHeap`). On jQuery the other chunk's buffer alone took about 250 page faults.
        let buffers = chunks.map { chunk in
            ChunkRun.tokenBuffer(
                expectedBytes: lines.ends[chunk.lines.upperBound - 1] - lines.starts[chunk.lines.lowerBound])
        }
        return concurrently(chunks.count) { index in
            let chunk = chunks[index]
            var run = ChunkRun(
                tokens: buffers[index], expectedLines: chunk.lines.count, recordsLines: index > 0)
            let guess: RuleStack? =
                index == 0 ? nil : guessedState(donors: chunk.donors, of: lines, in: bytes)
            tokenize(lines: chunk.lines, of: lines, in: bytes, from: guess, into: &run)
            return (guess, run)
        }
    }

    /// The start state most of `donors` start in (the latest of the most common), from the
    /// top; the root state when there are no donors.
    private func guessedState(donors: [Int], of lines: DocumentLines, in bytes: UnsafeBufferPointer<UInt8>)
        -> RuleStack
    {
        guard let last = donors.last else { return initialState }
        var votes: [RuleStack: Int] = [:]
        var best: (state: RuleStack, votes: Int)?
        var state: RuleStack?
        var nextDonor = 0
        let workspace = MatchWorkspace.current
        var lineTokens: [LineToken] = []
        for index in 0..<last {
            state =
                tokenizeLine(
                    utf8: lines.text(index, in: bytes), state: state, workspace: workspace, into: &lineTokens
                )
                .state
            guard donors[nextDonor] == index + 1, let state else { continue }
            nextDonor += 1
            let count = votes[state, default: 0] + 1
            votes[state] = count
            if count >= best?.votes ?? 0 { best = (state, count) }
        }
        return best?.state ?? initialState
    }

    /// The chunks' runs joined in order, each checked against the end state of the one above.
    private func join(
        _ runs: [(guess: RuleStack?, run: ChunkRun)], of chunks: [ChunkPlan.Chunk], lines: DocumentLines,
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> DocumentTokenization {
        var state = runs[0].run.endStates.last
        var seams: [DocumentTokenization.Seam] = []
        // The token buffers to move into the result, each from where its tokens are kept.
        var parts: [(buffer: TokenBuffer, from: Int)] = [(runs[0].run.tokens, 0)]
        for index in 1..<runs.count {
            let (guess, run) = runs[index]
            let chunkLines = chunks[index].lines
            var resumeLine = chunkLines.lowerBound
            let guessedRight = guess == state
            if !guessedRight {
                // Tokenize again from the right state until this run's end state is met.
                let workspace = MatchWorkspace.current
                var redone = ChunkRun(expectedBytes: 4_096, expectedLines: 0, recordsLines: false)
                var lineTokens: [LineToken] = []
                while resumeLine < chunkLines.upperBound {
                    let end = tokenizeLine(
                        utf8: lines.text(resumeLine, in: bytes), state: state, workspace: workspace,
                        into: &lineTokens)
                    redone.append(
                        lineTokens, endState: end.state, lineStart: lines.starts[resumeLine],
                        lineEnd: lines.ends[resumeLine])
                    state = end.state
                    resumeLine += 1
                    if end.state == run.endStates[resumeLine - 1 - chunkLines.lowerBound] {
                        break
                    }
                }
                parts.append((redone.tokens, 0))
            }
            seams.append(
                DocumentTokenization.Seam(
                    line: chunkLines.lowerBound, guessedRight: guessedRight,
                    linesRetokenized: resumeLine - chunkLines.lowerBound))
            if resumeLine < chunkLines.upperBound {
                let firstKept = run.lineTokenStarts[resumeLine - chunkLines.lowerBound]
                parts.append((run.tokens, firstKept))
                state = run.endStates.last
            }
        }
        return DocumentTokenization(tokens: TokenBuffer.join(parts), chunkCount: runs.count, seams: seams)
    }
}
