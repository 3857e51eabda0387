/// A token of a whole document: a range of UTF-8 bytes and the scopes that apply to it.
///
/// This is what renderers and protocol layers consume: the tokens of a document are in
/// document order and cover it with no gap or overlap.
public struct DocumentToken: Hashable, Sendable {
    /// The bytes of the document's UTF-8 text this token covers.
    public var range: Range<Int>
    /// Scope names, outermost (the grammar's root scope) first.
    public var scopes: [String]

    /// Creates a token.
    public init(range: Range<Int>, scopes: [String]) {
        self.range = range
        self.scopes = scopes
    }
}
