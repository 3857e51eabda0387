import DocumentStorage

/// The brackets open at a place, innermost on top: a persistent list, so a line's end state
/// shares everything below its own brackets with the line before.
public final class BracketStack: Sendable {
    /// The innermost open bracket's pair.
    public let pair: UInt16
    /// The brackets open below it (nil for the empty stack).
    public let below: BracketStack?
    /// How many brackets are open.
    public let count: Int

    private init(pair: UInt16, below: BracketStack?, count: Int) {
        self.pair = pair
        self.below = below
        self.count = count
    }

    /// No bracket open.
    public static let empty = BracketStack(pair: 0, below: nil, count: 0)

    /// This stack with `pair` opened on top.
    public func pushing(_ pair: UInt16) -> BracketStack {
        BracketStack(pair: pair, below: self, count: count + 1)
    }

    /// Whether two stacks hold the same pairs in the same order.
    public static func same(_ a: BracketStack, _ b: BracketStack) -> Bool {
        guard a.count == b.count else { return false }
        var left = a
        var right = b
        while left !== right {
            guard left.pair == right.pair, let nextLeft = left.below, let nextRight = right.below else {
                return left.count == 0 && right.count == 0
            }
            left = nextLeft
            right = nextRight
        }
        return true
    }

    /// Pairs `token` against this stack: its mark and the stack after it.
    ///
    /// An opening bracket is nested as deep as the brackets open before it. A closing bracket
    /// closes the innermost open bracket of its pair, and the brackets opened inside that one
    /// and left open are closed with it (they stay without a partner); a closing bracket of a
    /// pair nothing opened is unexpected and changes nothing.
    public func pairing(_ token: BracketToken) -> (mark: BracketMark, after: BracketStack) {
        if token.isOpen {
            return (BracketMark(depth: Int32(count), isOpen: true), pushing(token.pair))
        }
        var node = self
        while node.count > 0 {
            if node.pair == token.pair {
                return (BracketMark(depth: Int32(node.count - 1), isOpen: false), node.below ?? .empty)
            }
            guard let below = node.below else { break }
            node = below
        }
        return (.unexpected, self)
    }
}

/// What the highlighter keeps per line for brackets: the brackets found in the line's tokens
/// and the stack of open brackets at its end (nil while unknown).
public struct BracketLine: Equatable, Sendable {
    /// The line's brackets, in order.
    public var tokens: [BracketToken]
    /// The open brackets at the line's end, or nil before the line was first paired.
    public var endStack: BracketStack?
    /// The columns of the line the bracket layer may hold marks in (from the first mark's
    /// start to the last one's end; empty: none), or nil when unknown (the line's text changed
    /// since it was paired): what pairing the line again must clear.
    public var markedColumns: Range<Int32>?

    /// Creates a line.
    public init(tokens: [BracketToken], endStack: BracketStack?, markedColumns: Range<Int32>? = nil) {
        self.tokens = tokens
        self.endStack = endStack
        self.markedColumns = markedColumns
    }

    public static func == (a: BracketLine, b: BracketLine) -> Bool {
        guard a.tokens == b.tokens else { return false }
        switch (a.endStack, b.endStack) {
        case (nil, nil): return true
        case (let x?, let y?): return BracketStack.same(x, y)
        default: return false
        }
    }
}
