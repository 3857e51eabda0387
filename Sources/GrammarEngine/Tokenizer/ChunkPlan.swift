/// Where a document is cut into chunks that threads tokenize at the same time, and for each
/// cut a guess of the state the cut line starts in.
///
/// A line's start state is only known once every line above it is tokenized, so a chunk after
/// the first starts from a guess and is checked when the chunks are joined (see
/// `Grammar.tokenizeDocumentInChunks`). The root state is the wrong guess for the lines of a
/// file wrapped in one function or one `declare module` block, so the guess is read from the
/// text instead: the start state most lines near the top that look the same as the cut line
/// start in. "Looks the same" is a `LineShape`: the same indentation, the same first word
/// (or first character), and a previous line that ends with the same character at the same indentation.
/// Each later chunk tokenizes those first lines to read their start states (so its share of
/// the rest is that much smaller), and the cut is placed, within a window after its share,
/// on the least indented line whose shape some of them have.
struct ChunkPlan {
    struct Chunk: Equatable {
        /// The lines the chunk tokenizes.
        var lines: Range<Int>
        /// Lines near the top shaped like the chunk's first line: the guess for its start
        /// state is the start state most of them have. Empty for the first chunk (which
        /// starts from the document's start) and where no line looks like the cut line (the
        /// guess is then the root state).
        var donors: [Int]
    }

    /// The shape of a line that its start state tends to follow.
    struct LineShape: Hashable {
        var indentation: Int
        var firstWord: UInt64
        var previousLastCharacter: UInt8
        var previousIndentation: Int

        /// The indentation's width in spaces and tabs.
        var width: Int { (indentation >> 16) + (indentation & 0xFFFF) }
    }

    /// The most lines a chunk tokenizes to read its guess from its donors: a sixteenth of a
    /// chunk (more lines gave no more right guesses on real files, and cost time), capped for
    /// huge files.
    static let donorSearchLimit = 1_500
    /// How far past the even split a cut may move to find a line with donors.
    static let cutSearchWindow = 400

    private(set) var chunks: [Chunk]

    init(lines: DocumentLines, bytes: UnsafeBufferPointer<UInt8>, chunkCount: Int) {
        guard chunkCount > 1, lines.count > 1 else {
            chunks = [Chunk(lines: 0..<lines.count, donors: [])]
            return
        }
        // Donors: the lines of each shape among the first lines, which every later chunk
        // tokenizes before its own.
        let donorLimit = max(1, min(Self.donorSearchLimit, lines.count / (chunkCount * 16)))
        var donors: [LineShape: [Int]] = [:]
        for index in 1..<donorLimit {
            if let shape = Self.shape(of: index, lines: lines, bytes: bytes) {
                donors[shape, default: []].append(index)
            }
        }
        // Every chunk after the first also tokenizes the donor lines, so it gets that many
        // fewer bytes of its own.
        let prefixBytes = lines.ends[donorLimit - 1]
        let share = (bytes.count + (chunkCount - 1) * prefixBytes) / chunkCount
        var cuts: [(line: Int, donors: [Int])] = []
        var line = 0
        for chunk in 1..<chunkCount {
            // The first line that starts at or after this chunk's share.
            let target = share + (chunk - 1) * (share - prefixBytes)
            while line < lines.count, lines.starts[line] < target { line += 1 }
            let earliest = max(line, (cuts.last?.line ?? donorLimit) + 1, donorLimit)
            guard earliest < lines.count else { break }
            // Of the lines in the window that have donors, the least indented: outer lines are
            // the likeliest to start in the state their donors started in (deep lines sit in
            // nestings that differ from one place to another, and doc comments and strings are
            // indented).
            var cut = (line: earliest, donors: [Int]())
            var cutWidth = Int.max
            for candidate in earliest..<min(lines.count, earliest + Self.cutSearchWindow) {
                guard let shape = Self.shape(of: candidate, lines: lines, bytes: bytes),
                    let shaped = donors[shape], shape.width < cutWidth
                else { continue }
                (cut, cutWidth) = ((candidate, shaped), shape.width)
                if cutWidth == 0 { break }
            }
            cuts.append(cut)
        }
        var chunks: [Chunk] = []
        var start = 0
        var chunkDonors: [Int] = []
        for cut in cuts {
            chunks.append(Chunk(lines: start..<cut.line, donors: chunkDonors))
            (start, chunkDonors) = (cut.line, cut.donors)
        }
        chunks.append(Chunk(lines: start..<lines.count, donors: chunkDonors))
        self.chunks = chunks
    }

    /// The shape of line `index`, or nil for a blank line (too little to go by).
    static func shape(of index: Int, lines: DocumentLines, bytes: UnsafeBufferPointer<UInt8>) -> LineShape? {
        guard let (indentation, first) = leading(of: index, lines: lines, bytes: bytes) else { return nil }
        // The nearest non-blank line above, within a few lines.
        var previous = index - 1
        while previous >= 0, index - previous <= 8 {
            if let (previousIndentation, _) = leading(of: previous, lines: lines, bytes: bytes) {
                var last = lines.contentEnds[previous] - 1
                while bytes[last] == 0x20 || bytes[last] == 0x09 { last -= 1 }
                return LineShape(
                    indentation: indentation, firstWord: first, previousLastCharacter: bytes[last],
                    previousIndentation: previousIndentation)
            }
            previous -= 1
        }
        return LineShape(
            indentation: indentation, firstWord: first, previousLastCharacter: 0, previousIndentation: -1)
    }

    /// A line's indentation (its leading spaces and tabs, folded into one number) and what
    /// follows: up to eight bytes of its first word (a keyword, often), or its first byte when
    /// that is not a word character.
    private static func leading(
        of index: Int, lines: DocumentLines, bytes: UnsafeBufferPointer<UInt8>
    ) -> (indentation: Int, first: UInt64)? {
        var position = lines.starts[index]
        let end = lines.contentEnds[index]
        var indentation = 0
        while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 {
            // Spaces and tabs count apart, so that a tab-indented line never matches a
            // space-indented one of the same width.
            indentation += bytes[position] == 0x09 ? 1 << 16 : 1
            position += 1
        }
        guard position < end else { return nil }
        var first = UInt64(bytes[position])
        var wordEnd = position
        while wordEnd < end, wordEnd - position < 8, isWordByte(bytes[wordEnd]) {
            first = first << 8 | UInt64(bytes[wordEnd])
            wordEnd += 1
        }
        return (indentation, first)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == 0x5F || byte == 0x24 || (byte >= 0x30 && byte <= 0x39)
            || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }
}
