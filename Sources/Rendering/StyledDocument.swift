import GrammarEngine
import ThemeEngine

/// A document's UTF-8 text with its tokens' styles resolved once per distinct scope stack:
/// what every renderer works from.
///
/// Tokens of one document share a few thousand scope stacks at most, and a tokenizer hands the
/// same interned array to every token of a stack: a stack is found by its array's storage (one
/// dictionary lookup of a pointer per token), and its style is resolved once (`PrefixStyles`).
/// Renderers then work with small integers: `runs` point into `stacks` and `styles`.
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

    /// The document's UTF-8 bytes.
    let bytes: [UInt8]
    /// One run per input token, in input order.
    let runs: [Run]
    /// The distinct scope stacks, in order of first use.
    let stacks: [[String]]
    /// The distinct styles; index 0 is the theme's default style (text no token covers).
    let styles: [TokenStyle]

    /// Resolves every token's style with `theme`.
    init(text: String, tokens: [DocumentToken], theme: Theme) {
        let bytes = Array(text.utf8)
        var stacks: [[String]] = []
        var styles: [TokenStyle] = [theme.defaultStyle]
        var styleIndex: [TokenStyle: Int] = [theme.defaultStyle: 0]
        var stackStyle: [Int] = []
        var stackNode: [PrefixStyles.Node] = []
        var byStorage = StackIndexByStorage()
        let prefixes = PrefixStyles(theme: theme)
        // The stack of the token before: the next new stack usually differs from it by a
        // scope or two, so its node is where the next resolution starts.
        var previous: Int?
        var runs: [Run] = []
        runs.reserveCapacity(tokens.count)
        for token in tokens {
            // The storage is alive as long as `tokens`, so its address identifies it here.
            let storage = token.scopes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
            var stack = storage.flatMap { byStorage.index(of: $0) }
            if stack == nil {
                // Equal names in another array make another entry with the same style: rare
                // (a tokenizer shares one array per stack), and cheaper than hashing names.
                let node = prefixes.node(
                    for: token.scopes, near: previous.map { (stacks[$0], stackNode[$0]) })
                let style = node.style
                let index = styleIndex[style] ?? styles.count
                if index == styles.count {
                    styles.append(style)
                    styleIndex[style] = index
                }
                stack = stacks.count
                stacks.append(token.scopes)
                stackStyle.append(index)
                stackNode.append(node)
                if let storage { byStorage.insert(storage, index: stack!) }
            }
            previous = stack
            let lower = min(max(0, token.range.lowerBound), bytes.count)
            let upper = min(max(lower, token.range.upperBound), bytes.count)
            runs.append(Run(range: lower..<upper, stack: stack!, style: stackStyle[stack!]))
        }
        self.bytes = bytes
        self.runs = runs
        self.stacks = stacks
        self.styles = styles
    }

    /// Ranges covering the whole text in order, each with the index of the style to paint it
    /// in: gaps between tokens get the default style (0) and overlapping parts are painted once.
    func forEachSegment(_ body: (Range<Int>, Int) -> Void) {
        var cursor = 0
        for run in runs where run.range.upperBound > cursor {
            if run.range.lowerBound > cursor { body(cursor..<run.range.lowerBound, 0) }
            body(max(cursor, run.range.lowerBound)..<run.range.upperBound, run.style)
            cursor = run.range.upperBound
        }
        if cursor < bytes.count { body(cursor..<bytes.count, 0) }
    }
}

/// Stack indices by the address of a token's scope array: a direct-mapped table of recent
/// addresses in front of a dictionary. Most tokens repeat one of the few stacks used nearby,
/// and hashing a pointer for the dictionary cost more than the rest of a token's work.
struct StackIndexByStorage {
    private static let slotBits = 10
    private var recentAddresses = [UnsafeRawPointer?](repeating: nil, count: 1 << slotBits)
    private var recentIndices = [Int](repeating: 0, count: 1 << slotBits)
    private var all: [UnsafeRawPointer: Int] = [:]

    /// Array storage is allocated 16-byte aligned, so the low bits say nothing.
    private static func slot(_ address: UnsafeRawPointer) -> Int {
        (Int(bitPattern: address) >> 4) & ((1 << slotBits) - 1)
    }

    /// The index stored for `address`, or nil.
    mutating func index(of address: UnsafeRawPointer) -> Int? {
        let slot = Self.slot(address)
        if recentAddresses[slot] == address { return recentIndices[slot] }
        guard let index = all[address] else { return nil }
        recentAddresses[slot] = address
        recentIndices[slot] = index
        return index
    }

    /// Stores `index` for `address`.
    mutating func insert(_ address: UnsafeRawPointer, index: Int) {
        all[address] = index
        let slot = Self.slot(address)
        recentAddresses[slot] = address
        recentIndices[slot] = index
    }
}
