/// A token of one line: where it starts and the scopes that apply to it.
///
/// A token runs to the next token's start, or to the end of the line for the last one.
public struct LineToken: Hashable, Sendable {
    /// UTF-8 offset of the token's first byte in the line.
    public var start: Int
    /// The scopes, as a shared interned stack.
    public var scopes: ScopeStack

    /// Creates a token.
    public init(start: Int, scopes: ScopeStack) {
        self.start = start
        self.scopes = scopes
    }
}

/// The result of tokenizing one line.
public struct LineTokenization: Sendable {
    /// The tokens in order; the first starts at 0. Never empty.
    public var tokens: [LineToken]
    /// The state to tokenize the next line from.
    public var endState: RuleStack
    /// The time budget ran out: the rest of the line is one token and `endState` is the
    /// line's start state, as VS Code does.
    public var stoppedEarly: Bool
    /// The line was longer than the configured cap: only its start was tokenized and
    /// `endState` is the line's start state.
    public var truncated: Bool
    /// Searches on this line that hit PCRE2's match or JIT-stack limit and counted as no match.
    public var limitHits: Int = 0
    /// The fewest rule frames the state had at any point of the line (at most the start and
    /// end states' depths): the frames of the start state above it were closed on the line and
    /// those of the end state above it opened on it, even when the two states are equal (a
    /// block closed and another begun, `} else {`). Folding reads it.
    public var lowestDepth: Int = 1
}

/// Collects tokens as vscode's `LineTokens.produce` does: a token is emitted only when the
/// end advances, so token boundaries come from the tokenizer's calls, not from scope changes.
struct LineTokenCollector {
    var tokens: [LineToken] = []
    var lastEnd = 0

    mutating func produce(_ scopes: ScopeStack, until end: Int) {
        guard lastEnd < end else { return }
        tokens.append(LineToken(start: lastEnd, scopes: scopes))
        lastEnd = end
    }

    mutating func produce(_ stack: RuleStack, until end: Int) {
        produce(stack.contentScopes, until: end)
    }
}
