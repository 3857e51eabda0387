import GrammarEngine
import ThemeEngine

/// Styles of scope stacks resolved node by node: a stack's style is its parent's with its
/// innermost scope applied, and a grammar interns its stacks, so each node a document's tokens
/// reach is resolved once, from its parent, and found again by its identity.
///
/// Stacks used to be resolved as arrays of names, level by level through a tree of prefixes
/// whose children were found by comparing and hashing names: on jQuery, 45% of the ANSI
/// renderer's instructions. A node's parent is the prefix, so no name is compared or hashed to
/// find it.
///
/// Nodes are numbered by their address, so the stacks handed in must outlive this (their
/// ancestors live as long as they do). Everything here belongs to the one thread that made it,
/// so the arrays skip Swift's dynamic exclusivity checks.
final class StackStyles {
    private let resolver: ThemeResolver
    /// Each known node's number, by its address.
    @exclusivity(unchecked) private var numberOfNode: StackIndexByStorage
    /// Per node number: its style's number in `styles`, and whether a name on its path contains
    /// spaces (the theme reads such a name as several scopes, so paths through it are resolved
    /// whole).
    @exclusivity(unchecked) private var styleIndices: [Int32] = []
    @exclusivity(unchecked) private var splits: [Bool] = []
    /// The distinct styles of the nodes resolved so far, in the order they first appeared; the
    /// theme's default style first (that of no scopes).
    @exclusivity(unchecked) private(set) var styles: [TokenStyle]
    @exclusivity(unchecked) private var styleNumbers: [TokenStyle: Int32]
    /// The scope names met so far, numbered, and what is known of each: a document's nodes
    /// repeat a few hundred names, and one lookup by name answers what took up to three.
    @exclusivity(unchecked) private var nameNumbers: [String: Int32] = [:]
    @exclusivity(unchecked) private var names: [NameFacts] = []
    /// Style numbers of names pushed on paths of a given style, for names whose style depends
    /// on nothing else, keyed by the name's number and the path's style number packed in one
    /// word (see `styleOfChild`): most nodes of a document repeat a name under another path of
    /// the same style, which then costs one lookup instead of a resolution and a style's hash.
    @exclusivity(unchecked) private var styleOfStyledName = StackIndexByStorage(expected: 1_024)
    /// The unresolved ancestors of the stack being resolved (kept to reuse its room).
    @exclusivity(unchecked) private var pending: [ScopeStack] = []

    /// What resolving a node needs to know of its innermost name.
    private struct NameFacts {
        /// The theme reads the name as several scopes.
        let containsSpace: Bool
        /// A rule that may style the name looks at the ancestors.
        let dependsOnAncestors: Bool
    }

    /// A resolver for `theme`, with room for the nodes of about `expectedStacks` stacks.
    init(theme: Theme, expectedStacks: Int = 1_024) {
        resolver = ThemeResolver(theme: theme)
        styles = [theme.defaultStyle]
        styleNumbers = [theme.defaultStyle: 0]
        numberOfNode = StackIndexByStorage(expected: expectedStacks + expectedStacks / 2)
    }

    /// The number in `styles` of the style `Theme.style(forScopes:)` gives `stack`'s names
    /// (nil: no scopes, the default style).
    func styleIndex(of stack: ScopeStack?) -> Int {
        guard let stack else { return 0 }
        if let known = node(stack) { return Int(styleIndices[known]) }
        defer { pending.removeAll(keepingCapacity: true) }
        // The uncached ancestors, resolved from the outermost in (iteratively: stacks can be
        // deep).
        var nearest: ScopeStack? = stack
        var known: Int?
        while let current = nearest {
            known = node(current)
            if known != nil { break }
            pending.append(current)
            nearest = current.parent
        }
        var parentStyle = known.map { Int(styleIndices[$0]) } ?? 0
        var parentSplits = known.map { splits[$0] } ?? false
        for current in pending.reversed() {
            let name = nameNumber(of: current)
            let split = parentSplits || names[name].containsSpace
            let styleIndex =
                split
                ? number(of: resolver.theme.style(forScopes: current.scopeNames), parentStyle: parentStyle)
                : styleOfChild(current, name: name, parentStyle: parentStyle)
            numberOfNode.insert(address(of: current), index: styleIndices.count)
            styleIndices.append(styleIndex)
            splits.append(split)
            parentStyle = Int(styleIndex)
            parentSplits = split
        }
        return parentStyle
    }

    /// The style of `stack` (see `styleIndex(of:)`).
    func style(of stack: ScopeStack?) -> TokenStyle { styles[styleIndex(of: stack)] }

    /// Whether a name on `stack`'s path contains spaces (false for a stack not resolved yet).
    func hasSplitNames(_ stack: ScopeStack) -> Bool {
        node(stack).map { splits[$0] } ?? false
    }

    private func node(_ stack: ScopeStack) -> Int? {
        numberOfNode.index(of: address(of: stack))
    }

    private func address(of stack: ScopeStack) -> UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(stack).toOpaque())
    }

    /// The number of `node`'s innermost name in `names`, which learns it if it is new.
    private func nameNumber(of node: ScopeStack) -> Int {
        if let known = nameNumbers[node.scopeName] { return Int(known) }
        names.append(
            NameFacts(
                containsSpace: Self.containsSpace(node.scopeName),
                dependsOnAncestors: resolver.dependsOnAncestors(node.scopeName)))
        nameNumbers[node.scopeName] = Int32(names.count - 1)
        return names.count - 1
    }

    /// The style number of `node`'s innermost name (number `name`) pushed on its parent's
    /// path, styled `parentStyle`. Where no rule for the name looks at ancestors, that is a
    /// function of the name and the parent's style, and is kept.
    private func styleOfChild(_ node: ScopeStack, name: Int, parentStyle: Int) -> Int32 {
        // Never 0, which the table keeps for an empty slot.
        let key = UInt(name + 1) << 32 | UInt(UInt32(truncatingIfNeeded: parentStyle))
        if let known = styleOfStyledName.index(ofWord: key) { return Int32(known) }
        let style = resolver.resolve(
            scope: node.scopeName, ancestors: node.ancestorNames, parent: styles[parentStyle])
        let number = number(of: style, parentStyle: parentStyle)
        if !names[name].dependsOnAncestors { styleOfStyledName.insert(word: key, index: Int(number)) }
        return number
    }

    /// The number of `style`, for a node whose parent's style is number `parentStyle`: the
    /// parent's when the scope changed nothing (compared field by field, its strings usually
    /// the very same storage), else found or added by hash.
    private func number(of style: TokenStyle, parentStyle: Int) -> Int32 {
        if style == styles[parentStyle] { return Int32(parentStyle) }
        if let known = styleNumbers[style] { return known }
        styles.append(style)
        styleNumbers[style] = Int32(styles.count - 1)
        return Int32(styles.count - 1)
    }

    private static func containsSpace(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: " ")) }
            ?? name.utf8.contains(UInt8(ascii: " "))
    }
}
