import GrammarEngine

/// The scope names enclosing a scope stack node, nearest first, as a collection that walks the
/// linked list (no array of names is built).
struct ScopeAncestors: Collection {
    struct Index: Comparable {
        /// Steps taken from the nearest ancestor.
        var offset: Int
        var node: ScopeStack?

        static func == (lhs: Index, rhs: Index) -> Bool { lhs.offset == rhs.offset }
        static func < (lhs: Index, rhs: Index) -> Bool { lhs.offset < rhs.offset }
    }

    /// The nearest ancestor, or nil for a root scope.
    let nearest: ScopeStack?

    var startIndex: Index { Index(offset: 0, node: nearest) }
    var endIndex: Index { Index(offset: nearest?.depth ?? 0, node: nil) }
    subscript(position: Index) -> String { position.node!.scopeName }
    func index(after position: Index) -> Index {
        Index(offset: position.offset + 1, node: position.node?.parent)
    }
}
