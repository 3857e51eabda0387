import DocumentStorage
import GrammarEngine
import ThemeEngine

/// Style ids of interned scope stacks, resolved one node at a time from the node's parent — the
/// way a tokenizer pushes scopes — so deep stacks cost O(1) per new node, not O(depth).
///
/// Owned by one highlighter (not locked). Bounded: it forgets everything past `limit` nodes
/// (a long session with a grammar that nests without end creates nodes without end).
struct ScopeStyleCache {
    /// What a node resolves to, kept small: the style and semantic type live once in the
    /// table's entry of `id`. With the whole entry per node, the cache of a burst of edits
    /// over fifty documents took 25 MB at its limit, the largest single allocation of the
    /// daemon (`heaptrack`, issue 29's soak); 4 MB now.
    struct Resolved {
        var id: StyleID
        var kind: TokenKind
        /// Whether brackets in tokens of these scopes count as bracket pairs.
        var countsBrackets: Bool
    }

    var limit = 100_000
    /// Token kinds and bracket scopes of the grammar the stacks come from.
    var classification = TokenClassification.standard
    private var resolved = ScopeStackTable<Resolved>()
    /// The uncached ancestors of the stack being resolved (kept to reuse its room).
    private var pending: [ScopeStack] = []

    /// The number of cached nodes.
    var count: Int { resolved.count }

    /// Forgets every node (each is resolved again from its parent when next met).
    mutating func removeAll() {
        resolved = ScopeStackTable()
    }

    /// The style id of the innermost scope of `scopes` in `table`.
    mutating func id(for scopes: ScopeStack, in table: StyleTable) -> StyleID {
        resolve(scopes, in: table).id
    }

    /// Everything known of the innermost scope of `scopes` in `table`.
    mutating func resolve(_ scopes: ScopeStack, in table: StyleTable) -> Resolved {
        if let known = resolved[scopes] { return known }
        if resolved.count >= limit { resolved.removeAll() }
        // Resolve the uncached ancestors from the outermost in, iteratively (stacks can be deep).
        defer { pending.removeAll(keepingCapacity: true) }
        var node: ScopeStack? = scopes
        while let current = node, resolved[current] == nil {
            pending.append(current)
            node = current.parent
        }
        var parent = node.flatMap { resolved[$0] }
        let known = parent.map { table[$0.id] }
        var parentStyle = known?.style ?? table.theme.defaultStyle
        var parentSemantic = known?.semantic
        for current in pending.reversed() {
            let style = table.theme.resolve(
                scope: current.scopeName, ancestors: current.ancestorNames,
                parent: parentStyle)
            let semantic = table.semanticMapping.match(scope: current.scopeName) ?? parentSemantic
            let kind: TokenKind
            let countsBrackets: Bool
            if classification.needsScopePath {
                let path = current.scopeNames
                kind = classification.kind(of: path)
                countsBrackets = classification.countsBrackets(kind: kind, scopes: path)
            } else {
                kind = TokenKind.standard(ofScope: current.scopeName) ?? parent?.kind ?? .other
                countsBrackets = kind == .other
            }
            let entry = Resolved(
                id: table.id(for: StyleEntry(style: style, semantic: semantic, kind: kind)), kind: kind,
                countsBrackets: countsBrackets)
            resolved.insert(entry, for: current)
            parent = entry
            parentStyle = style
            parentSemantic = semantic
        }
        return parent!
    }
}

/// A `ScopeStyleCache` that highlighters can share, with their memo of recently tokenized
/// lines: the daemon gives every document of one grammar and style table the same one.
///
/// Each document had its own, and an editing session over fifty documents kept fifty copies
/// of mostly the same nodes (the largest part of the daemon's memory after a burst of
/// edits). One memo of recent lines per grammar likewise keeps its bound however many
/// documents are open. Not locked: the highlighters sharing one must run on one thread, as
/// the daemon's do on its loop.
public final class SharedScopeStyles {
    // Unchecked: the highlighters sharing a cache run on one thread (see above), and the
    // check would run once per token.
    @exclusivity(unchecked) var cache = ScopeStyleCache()
    // Unchecked for the same reason; used once per line tokenized.
    @exclusivity(unchecked) var recentLines = RecentLineMemo()

    /// An empty cache for stacks of a grammar classified by `classification`.
    public init(classification: TokenClassification = .standard) {
        cache.classification = classification
    }

    /// The number of cached nodes.
    public var count: Int { cache.count }

    /// Forgets every node.
    public func removeAll() {
        cache.removeAll()
    }
}
