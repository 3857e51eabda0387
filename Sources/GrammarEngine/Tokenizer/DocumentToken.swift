/// A token of a whole document: a range of UTF-8 bytes and the scopes that apply to it.
///
/// This is what renderers and protocol layers consume: the tokens of a document are in
/// document order and cover it with no gap or overlap. Two tokens are equal when their ranges
/// and their scope names are, whichever grammar (and so whichever interner) made them.
public struct DocumentToken: Hashable, Sendable {
    /// The bytes of the document's UTF-8 text this token covers.
    public var range: Range<Int>
    /// The scopes that apply, as the tokenizer's stack (nil: none): a grammar interns its
    /// stacks, so the tokens of one stack share one object, and a renderer resolves each
    /// object's style once, from its parent's (`ScopeStack.parent`), without comparing or
    /// hashing names.
    public var stack: ScopeStack?

    /// Scope names, outermost (the grammar's root scope) first.
    public var scopes: [String] { stack?.scopeNames ?? [] }

    /// A token of the stack a tokenizer made.
    public init(range: Range<Int>, stack: ScopeStack?) {
        self.range = range
        self.stack = stack
    }

    /// A token of the scopes `scopes`, outermost first: its stack is a new one, not interned,
    /// so tokens made this way share a stack only when they are copies of one token.
    public init(range: Range<Int>, scopes: [String]) {
        self.init(range: range, stack: scopes.isEmpty ? nil : ScopeStack(names: scopes))
    }

    public static func == (lhs: DocumentToken, rhs: DocumentToken) -> Bool {
        lhs.range == rhs.range && ScopeStack.haveSameNames(lhs.stack, rhs.stack)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        hasher.combine(stack?.structuralHash ?? 0)
    }
}

extension DocumentToken: CustomStringConvertible {
    /// The range and the scope names, as test failures and logs want to read them.
    public var description: String { "DocumentToken(range: \(range), scopes: \(scopes))" }
}
