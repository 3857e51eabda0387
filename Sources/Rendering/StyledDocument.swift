import GrammarEngine
import ThemeEngine

/// A document's UTF-8 text with its tokens' styles resolved once per distinct scope stack:
/// what every renderer works from.
///
/// Tokens of one document share a few thousand scope stacks at most, and a grammar interns its
/// stacks, so every token of a stack holds the same object: a stack is found by its address
/// (one lookup of a pointer per token), and its style is resolved once, from its parent's
/// (`StackStyles`). Renderers then work with small integers: `runs` point into `stacks` and
/// `styles`.
///
/// Token ranges are clamped to the text, so tokens from a stale or buggy source degrade the
/// output instead of crashing the process.
struct StyledDocument {
    /// A token's clamped byte range and the indices of its scope stack and style.
    struct Run {
        var range: Range<Int>
        var stack: Int
        var style: Int
    }

    /// The runs of the tokens in input order, each made when it is read: the token's clamped
    /// range, its stack's number and that stack's style. The document keeps four bytes per
    /// token instead of a copy of every range (on jQuery's 75,000 tokens, the copy faulted in
    /// 2.4 MB of fresh memory that the freed token buffers could not hold).
    struct Runs: RandomAccessCollection {
        fileprivate let tokens: [DocumentToken]
        fileprivate let stackOfToken: [UInt32]
        fileprivate let styleOfStack: [Int]
        fileprivate let textLength: Int

        var startIndex: Int { 0 }
        var endIndex: Int { tokens.count }

        /// The run of token `index`, its range clamped to the text.
        subscript(index: Int) -> Run {
            let range = tokens[index].range
            let lower = Swift.min(Swift.max(0, range.lowerBound), textLength)
            let upper = Swift.min(Swift.max(lower, range.upperBound), textLength)
            let stack = Int(stackOfToken[index])
            return Run(range: lower..<upper, stack: stack, style: styleOfStack[stack])
        }
    }

    /// The document's UTF-8 bytes.
    let bytes: [UInt8]
    /// One run per input token, in input order.
    let runs: Runs
    /// The distinct scope stacks, in order of first use (nil: a token of no scopes).
    let stacks: [ScopeStack?]
    /// The distinct styles; index 0 is the theme's default style (text no token covers).
    let styles: [TokenStyle]

    /// The fewest tokens worth a part of their own: below this, starting a thread costs more
    /// than the part's work.
    static let minimumTokensPerPart = 8_192

    /// Resolves every token's style with `theme`.
    ///
    /// A long document's tokens are cut into parts handled on up to `jobs` threads (nil: as
    /// many as a whole-document tokenization uses). Each part numbers its own stacks; the
    /// numberings are joined in order; the distinct stacks are then cut into as many slices,
    /// whose styles are resolved side by side; last, each part's runs get their stacks' final
    /// numbers and styles. Every stack's style is resolved once, and the result is what one
    /// pass over the tokens gives (stacks and styles in order of first use). On jQuery (8,000
    /// stacks) the styles took a sixth of `highlight`'s time on one thread.
    init(text: String, tokens: [DocumentToken], theme: Theme, jobs: Int? = nil) {
        let bytes = Array(text.utf8)
        let bounds = partBounds(tokens.count, jobs: jobs, minimum: Self.minimumTokensPerPart)
        let parts = bounds.count - 1
        var stacks: [ScopeStack?] = []
        var styles: [TokenStyle] = []
        var styleOfStack: [Int] = []
        let stackOfToken = [UInt32](unsafeUninitializedCapacity: tokens.count) { buffer, initialized in
            let numbers = UncheckedSendable(buffer)
            // 1. Each part's stack numbers, by the part's own stacks.
            let numberings = concurrently(parts) { part in
                StackNumbering(
                    tokens[bounds[part]..<bounds[part + 1]], into: numbers.value.baseAddress! + bounds[part])
            }
            initialized = tokens.count
            // 2. One numbering in order of first use.
            var joined = numberings[0]
            let renumbering = [nil] + numberings.dropFirst().map { joined.append($0) }
            stacks = joined.stacks
            // 3. Styles of the distinct stacks, slice by slice.
            let sliceBounds = (0...parts).map { stacks.count * $0 / parts }
            let slices = concurrently(parts) { slice in
                SliceStyles(stacks[sliceBounds[slice]..<sliceBounds[slice + 1]], theme: theme)
            }
            var styleIndex: [TokenStyle: Int] = [:]
            styles = [theme.defaultStyle]
            styleIndex[theme.defaultStyle] = 0
            styleOfStack.reserveCapacity(stacks.count)
            for slice in slices {
                let global = slice.styles.map { style in
                    if let index = styleIndex[style] { return index }
                    styles.append(style)
                    styleIndex[style] = styles.count - 1
                    return styles.count - 1
                }
                styleOfStack.append(contentsOf: slice.styleOfStack.lazy.map { global[$0] })
            }
            // 4. The later parts' numbers made final.
            _ = concurrently(parts) { part in
                guard let map = renumbering[part] else { return }
                for index in bounds[part]..<bounds[part + 1] {
                    numbers.value[index] = UInt32(truncatingIfNeeded: map[Int(numbers.value[index])])
                }
            }
        }
        self.bytes = bytes
        self.runs = Runs(
            tokens: tokens, stackOfToken: stackOfToken, styleOfStack: styleOfStack, textLength: bytes.count)
        self.stacks = stacks
        self.styles = styles
    }

    /// Ranges covering the whole text in order, each with the index of the style to paint it
    /// in: gaps between tokens get the default style (0) and overlapping parts are painted once.
    func forEachSegment(_ body: (Range<Int>, Int) -> Void) {
        forEachSegment(within: 0..<bytes.count, body)
    }

    /// For each of `positions` (ascending), the first run that ends past it, found in one
    /// pass: a part of the text handed to `forEachSegment(within:fromRun:)` starts there
    /// instead of walking every run before it, which made a long text's parts cost the square
    /// of its length (a 10 MB file has a few hundred parts). The runs before it only paint
    /// before the position, which the part cuts away.
    func firstRuns(endingPast positions: [Int]) -> [Int] {
        var run = runs.startIndex
        return positions.map { position in
            while run < runs.endIndex, runs[run].range.upperBound <= position { run += 1 }
            return run
        }
    }

    /// `forEachSegment`'s segments cut to `bounds`: those of one part of the text, for
    /// renderers that write parts side by side. Runs before `firstRun` (see `firstRuns`) are
    /// not looked at; what they would have painted before the run is painted in the default
    /// style, so they must end by `bounds.lowerBound`.
    func forEachSegment(
        within bounds: Range<Int>, fromRun firstRun: Int = 0, _ body: (Range<Int>, Int) -> Void
    ) {
        func emit(_ range: Range<Int>, _ style: Int) {
            let lower = max(range.lowerBound, bounds.lowerBound)
            let upper = min(range.upperBound, bounds.upperBound)
            if lower < upper { body(lower..<upper, style) }
        }
        var cursor = 0
        for run in runs[firstRun...] where run.range.upperBound > cursor {
            if cursor >= bounds.upperBound { return }
            if run.range.lowerBound > cursor { emit(cursor..<run.range.lowerBound, 0) }
            emit(max(cursor, run.range.lowerBound)..<run.range.upperBound, run.style)
            cursor = run.range.upperBound
        }
        if cursor < bytes.count { emit(cursor..<bytes.count, 0) }
    }
}

extension StyledDocument {
    /// The stacks of a run of consecutive tokens, numbered in order of first use, and each
    /// token's number.
    fileprivate struct StackNumbering {
        var stacks: [ScopeStack?] = []
        /// Each stack's address (nil for no stack: a word of 0).
        var storages: [UnsafeRawPointer?] = []
        var byStorage = StackIndexByStorage()

        /// Where a token keeps its stack, a reference of one word (0 for none).
        private static let stackOffset = MemoryLayout<DocumentToken>.offset(of: \.stack)!
        private static let tokenStride = MemoryLayout<DocumentToken>.stride

        /// Numbers the stacks of `tokens`, writing each token's number to uninitialized memory
        /// at `numbers`. (Fewer than 2³² stacks: each is a token's at least, and tokens take
        /// 24 bytes each.)
        ///
        /// A stack is found by its reference, read as a plain word: a token's stack fetched as
        /// a value was retained and released again, and with two threads numbering tokens
        /// that share stacks, those counts bounced between the cores (a third of this loop's
        /// time on jQuery). The stacks are alive as long as `tokens`, so the words identify
        /// them here. The tokens of no stack share one number.
        init(_ tokens: ArraySlice<DocumentToken>, into numbers: UnsafeMutablePointer<UInt32>) {
            precondition(MemoryLayout<ScopeStack?>.size == MemoryLayout<UInt>.size)
            var next = numbers
            tokens.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return }
                for offset in 0..<buffer.count {
                    let storage = UnsafeRawPointer(
                        bitPattern: base.load(
                            fromByteOffset: offset * Self.tokenStride + Self.stackOffset, as: UInt.self))
                    // Equal names in another stack object make another stack with the same
                    // style: rare (a grammar interns its stacks), and cheaper than hashing names.
                    let stack =
                        storage.flatMap { byStorage.index(of: $0) }
                        ?? add(buffer[offset].stack, storage: storage)
                    next.initialize(to: UInt32(truncatingIfNeeded: stack))
                    next += 1
                }
            }
        }

        /// The number of the tokens of no stack, once one was met.
        private var noStack: Int?

        private mutating func add(_ stack: ScopeStack?, storage: UnsafeRawPointer?) -> Int {
            if storage == nil, let noStack { return noStack }
            stacks.append(stack)
            storages.append(storage)
            if let storage {
                byStorage.insert(storage, index: stacks.count - 1)
            } else {
                noStack = stacks.count - 1
            }
            return stacks.count - 1
        }

        /// Adds the stacks of `later`, the numbering of the tokens that follow, that are not
        /// here yet; returns the number here of each of its stacks.
        mutating func append(_ later: StackNumbering) -> [Int] {
            later.stacks.indices.map { index in
                if let storage = later.storages[index], let known = byStorage.index(of: storage) {
                    return known
                }
                return add(later.stacks[index], storage: later.storages[index])
            }
        }
    }

    /// The styles of distinct stacks, numbered in order of first use.
    fileprivate struct SliceStyles {
        /// The distinct styles, in order of first use.
        var styles: [TokenStyle] = []
        /// Each stack's index in `styles`.
        var styleOfStack: [Int] = []

        init(_ stacks: ArraySlice<ScopeStack?>, theme: Theme) {
            let resolved = StackStyles(theme: theme, expectedStacks: stacks.count)
            // The resolver numbers every style it meets, ancestors' too; a slice lists only its
            // stacks' styles, in order of first use.
            var indexOfResolvedStyle: [Int] = []
            styleOfStack.reserveCapacity(stacks.count)
            for stack in stacks {
                let styleIndex = resolved.styleIndex(of: stack)
                if styleIndex >= indexOfResolvedStyle.count {
                    indexOfResolvedStyle += repeatElement(
                        -1, count: resolved.styles.count - indexOfResolvedStyle.count)
                }
                if indexOfResolvedStyle[styleIndex] < 0 {
                    indexOfResolvedStyle[styleIndex] = styles.count
                    styles.append(resolved.styles[styleIndex])
                }
                styleOfStack.append(indexOfResolvedStyle[styleIndex])
            }
        }
    }
}

/// Stack indices by the address of a token's scope stack: an open-addressing table probed
/// linearly, its slot the top bits of the address times a large odd constant (Fibonacci
/// hashing). Most tokens repeat one of the few stacks used nearby, and a token's whole work
/// is this lookup: a `Dictionary` hashed each address with SipHash and grew by rehashing
/// (with a direct-mapped cache of recent addresses in front of it, a third of the styles'
/// time on jQuery was still its hashing and resizing). Addresses are never 0, which marks
/// an empty slot; the table is kept at most half full. `StackStyles` also keys one by words
/// that pack two small numbers (never 0 either).
struct StackIndexByStorage {
    private var keys: [UInt]
    private var values: [Int32]
    private var shift: Int
    private var count = 0

    /// A table with room for `expected` addresses before it grows.
    init(expected: Int = 2_048) {
        let bits = max(4, Int.bitWidth - (max(1, expected) * 2 - 1).leadingZeroBitCount)
        keys = [UInt](repeating: 0, count: 1 << bits)
        values = [Int32](repeating: 0, count: 1 << bits)
        shift = UInt.bitWidth - bits
    }

    private func slot(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    /// The index stored for `address`, or nil.
    func index(of address: UnsafeRawPointer) -> Int? {
        index(ofWord: UInt(bitPattern: address))
    }

    /// The index stored for `key`, any word but 0, or nil.
    func index(ofWord key: UInt) -> Int? {
        let mask = keys.count - 1
        var slot = slot(of: key)
        while true {
            let stored = keys[slot]
            if stored == key { return Int(values[slot]) }
            if stored == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `index` for `address`, which is not stored yet.
    mutating func insert(_ address: UnsafeRawPointer, index: Int) {
        insert(word: UInt(bitPattern: address), index: index)
    }

    /// Stores `index` for `key`, any word but 0 not stored yet.
    mutating func insert(word key: UInt, index: Int) {
        precondition(key != 0, "0 marks an empty slot")
        if (count + 1) * 2 > keys.count { grow() }
        place(key, Int32(truncatingIfNeeded: index))
        count += 1
    }

    private mutating func place(_ key: UInt, _ value: Int32) {
        let mask = keys.count - 1
        var slot = slot(of: key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        keys = [UInt](repeating: 0, count: oldKeys.count * 2)
        values = [Int32](repeating: 0, count: oldKeys.count * 2)
        shift -= 1
        for slot in oldKeys.indices where oldKeys[slot] != 0 { place(oldKeys[slot], oldValues[slot]) }
    }
}
