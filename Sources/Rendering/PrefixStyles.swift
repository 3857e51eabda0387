import ThemeEngine

/// Styles of scope stacks resolved level by level and kept per prefix: stacks share most of
/// their outer scopes, so a new stack costs one resolution per scope not seen under that
/// prefix, where resolving it from the root costs a rule search per level.
///
/// A new stack is entered from a known one (usually the previous token's): the two are compared
/// name by name from the outside, which for the shared names is a comparison of the same
/// string storage, and only the levels after the first difference are looked up. A document
/// of deep stacks (jQuery nests thirty scopes) then costs about its new scopes, not its depth.
///
/// The distinct styles are numbered as nodes are made (`styles`, `Node.styleIndex`): most scopes
/// change nothing in their parent's style, and a node that keeps it keeps its number, so only a
/// changed style is hashed (three strings each). Everything here belongs to the one thread that
/// made it, so the mutable fields skip Swift's dynamic exclusivity checks.
final class PrefixStyles {
    /// One scope path: its style, its parent path, and the paths seen one scope deeper.
    final class Node {
        let style: TokenStyle
        /// The index of `style` in its `PrefixStyles`'s `styles`.
        let styleIndex: Int
        let depth: Int
        unowned let parent: Node?
        /// Whether a name on this path contains spaces: the theme reads such a name as several
        /// scopes, so paths through it are resolved whole (`Theme.style(forScopes:)`).
        let hasSplitNames: Bool
        /// The paths one scope deeper, by name: a list while short, since most paths have a few
        /// and comparing a name (usually the very string stored here) is cheaper than hashing
        /// it; an index by name once it is long.
        @exclusivity(unchecked) private var childNames: [String] = []
        @exclusivity(unchecked) private var childNodes: [Node] = []
        @exclusivity(unchecked) private var childIndex: [String: Int]?

        private static let longestList = 8

        fileprivate init(style: TokenStyle, styleIndex: Int, depth: Int, parent: Node?, hasSplitNames: Bool) {
            self.style = style
            self.styleIndex = styleIndex
            self.depth = depth
            self.parent = parent
            self.hasSplitNames = hasSplitNames
        }

        fileprivate func child(named name: String) -> Node? {
            if let childIndex { return childIndex[name].map { childNodes[$0] } }
            for index in childNames.indices where childNames[index] == name { return childNodes[index] }
            return nil
        }

        fileprivate func add(_ child: Node, named name: String) {
            childNames.append(name)
            childNodes.append(child)
            if childIndex != nil {
                childIndex![name] = childNodes.count - 1
            } else if childNames.count > Self.longestList {
                childIndex = Dictionary(uniqueKeysWithValues: zip(childNames, childNodes.indices))
            }
        }
    }

    private let theme: Theme
    private let root: Node
    /// The distinct styles of the nodes made so far, in the order they first appeared; the
    /// theme's default style first.
    @exclusivity(unchecked) private(set) var styles: [TokenStyle]
    @exclusivity(unchecked) private var styleIndices: [TokenStyle: Int]

    init(theme: Theme) {
        self.theme = theme
        styles = [theme.defaultStyle]
        styleIndices = [theme.defaultStyle: 0]
        root = Node(style: theme.defaultStyle, styleIndex: 0, depth: 0, parent: nil, hasSplitNames: false)
    }

    /// The number of `style`, for a node under `parent`: the parent's when the scope changed
    /// nothing (compared field by field, its strings usually the very same storage), else
    /// found or added by hash.
    private func index(of style: TokenStyle, under parent: Node) -> Int {
        if style == parent.style { return parent.styleIndex }
        if let known = styleIndices[style] { return known }
        styles.append(style)
        styleIndices[style] = styles.count - 1
        return styles.count - 1
    }

    /// The node of `scopes` (outermost first), whose style is what `Theme.style(forScopes:)`
    /// gives: found from `known`, a stack already resolved, when one is given.
    func node(for scopes: [String], near known: (scopes: [String], node: Node)? = nil) -> Node {
        var node = root
        var level = 0
        if let known {
            let shared = Self.sharedPrefixCount(scopes, known.scopes)
            node = known.node
            while node.depth > shared { node = node.parent! }
            level = shared
        }
        while level < scopes.count {
            let name = scopes[level]
            if let child = node.child(named: name) {
                node = child
            } else {
                let splits = node.hasSplitNames || Self.containsSpace(name)
                let style =
                    splits
                    ? theme.style(forScopes: Array(scopes[...level]))
                    : theme.resolve(scopes[...level], parent: node.style)
                let child = Node(
                    style: style, styleIndex: index(of: style, under: node), depth: level + 1, parent: node,
                    hasSplitNames: splits)
                node.add(child, named: name)
                node = child
            }
            level += 1
        }
        return node
    }

    private static func containsSpace(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: " ")) }
            ?? name.utf8.contains(UInt8(ascii: " "))
    }

    private static func sharedPrefixCount(_ first: [String], _ second: [String]) -> Int {
        var count = 0
        let limit = min(first.count, second.count)
        while count < limit, first[count] == second[count] { count += 1 }
        return count
    }
}
