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
/// The paths are kept in flat arrays indexed by node number, not as objects: on jQuery a node
/// cost about 0.8 µs to make, and as objects a sixth of that went to reference counting and to
/// freeing the tree one node at a time. The distinct styles are numbered as
/// nodes are made (`styles`): most scopes change nothing in their parent's style, and a node
/// that keeps it keeps its number, so only a changed style is hashed. Everything here belongs
/// to the one thread that made it, so the arrays skip Swift's dynamic exclusivity checks.
final class PrefixStyles {
    /// A path made by this `PrefixStyles`: valid only with it.
    struct Node: Equatable {
        fileprivate let index: Int32
    }

    private let resolver: ThemeResolver
    /// Per node: its style's number in `styles`, its depth (scopes on the path), its parent
    /// (-1 for the root), and whether a name on its path contains spaces (the theme reads such
    /// a name as several scopes, so paths through it are resolved whole).
    @exclusivity(unchecked) private var styleIndices: [Int32] = []
    @exclusivity(unchecked) private var depths: [Int32] = []
    @exclusivity(unchecked) private var parents: [Int32] = []
    @exclusivity(unchecked) private var splits: [Bool] = []
    /// Per node: its last name, its first child and its next sibling (-1: none). Children are
    /// found by walking the siblings, comparing names that are usually the very same string,
    /// until a node has `longestList` of them; then by `wideChildren`.
    @exclusivity(unchecked) private var names: [String] = []
    @exclusivity(unchecked) private var firstChildren: [Int32] = []
    @exclusivity(unchecked) private var nextSiblings: [Int32] = []
    @exclusivity(unchecked) private var childCounts: [Int32] = []
    @exclusivity(unchecked) private var wideChildren: [ChildKey: Int32] = [:]
    /// The distinct styles of the nodes made so far, in the order they first appeared; the
    /// theme's default style first.
    @exclusivity(unchecked) private(set) var styles: [TokenStyle]
    @exclusivity(unchecked) private var styleNumbers: [TokenStyle: Int32]

    /// Style numbers of names pushed on paths of a given style, for names whose style depends
    /// on nothing else (`styleOfChild`).
    @exclusivity(unchecked) private var styleOfStyledName: [StyledName: Int32] = [:]

    private struct StyledName: Hashable {
        let parentStyle: Int32
        let name: String
    }

    private struct ChildKey: Hashable {
        let parent: Int32
        let name: String
    }

    private static let longestList: Int32 = 8

    init(theme: Theme) {
        resolver = ThemeResolver(theme: theme)
        styles = [theme.defaultStyle]
        styleNumbers = [theme.defaultStyle: 0]
        _ = makeNode(parent: -1, name: "", styleIndex: 0, depth: 0, splits: false)
    }

    /// The style of `node`.
    func style(of node: Node) -> TokenStyle { styles[styleIndex(of: node)] }
    /// The number of `node`'s style in `styles`.
    func styleIndex(of node: Node) -> Int { Int(styleIndices[Int(node.index)]) }
    /// How many scopes `node`'s path has.
    func depth(of node: Node) -> Int { Int(depths[Int(node.index)]) }
    /// Whether a name on `node`'s path contains spaces.
    func hasSplitNames(_ node: Node) -> Bool { splits[Int(node.index)] }

    /// The node of `scopes` (outermost first), whose style is what `Theme.style(forScopes:)`
    /// gives: found from `known`, a stack already resolved, when one is given.
    func node(for scopes: [String], near known: (scopes: [String], node: Node)? = nil) -> Node {
        var node: Int32 = 0
        var level = 0
        if let known {
            let shared = Self.sharedPrefixCount(scopes, known.scopes)
            node = known.node.index
            while depths[Int(node)] > shared { node = parents[Int(node)] }
            level = shared
        }
        while level < scopes.count {
            let name = scopes[level]
            if let child = child(of: node, named: name) {
                node = child
            } else {
                let parent = Int(node)
                let split = splits[parent] || Self.containsSpace(name)
                let parentStyle = Int(styleIndices[parent])
                let styleIndex: Int32
                if split {
                    styleIndex = number(
                        of: resolver.theme.style(forScopes: Array(scopes[...level])), parentStyle: parentStyle
                    )
                } else {
                    styleIndex = styleOfChild(named: name, at: scopes[...level], parentStyle: parentStyle)
                }
                node = makeNode(
                    parent: node, name: name, styleIndex: styleIndex, depth: level + 1, splits: split)
            }
            level += 1
        }
        return Node(index: node)
    }

    private func child(of parent: Int32, named name: String) -> Int32? {
        if childCounts[Int(parent)] > Self.longestList {
            return wideChildren[ChildKey(parent: parent, name: name)]
        }
        var child = firstChildren[Int(parent)]
        while child >= 0 {
            if names[Int(child)] == name { return child }
            child = nextSiblings[Int(child)]
        }
        return nil
    }

    private func makeNode(parent: Int32, name: String, styleIndex: Int32, depth: Int, splits split: Bool)
        -> Int32
    {
        let node = Int32(styleIndices.count)
        styleIndices.append(styleIndex)
        depths.append(Int32(depth))
        parents.append(parent)
        splits.append(split)
        names.append(name)
        firstChildren.append(-1)
        childCounts.append(0)
        guard parent >= 0 else {
            nextSiblings.append(-1)
            return node
        }
        nextSiblings.append(firstChildren[Int(parent)])
        firstChildren[Int(parent)] = node
        childCounts[Int(parent)] += 1
        if childCounts[Int(parent)] > Self.longestList {
            if childCounts[Int(parent)] == Self.longestList + 1 {
                var child = firstChildren[Int(parent)]
                while child >= 0 {
                    wideChildren[ChildKey(parent: parent, name: names[Int(child)])] = child
                    child = nextSiblings[Int(child)]
                }
            } else {
                wideChildren[ChildKey(parent: parent, name: name)] = node
            }
        }
        return node
    }

    /// The style number of `name` pushed as the last scope of `path` on a path styled
    /// `parentStyle`. Where no rule for the name looks at ancestors, that is a function of the
    /// name and the parent's style: kept, so that the name met again under another path of
    /// that style (the usual case: most nodes of a document repeat a name under a new path)
    /// costs one lookup instead of a resolution and a style's hash.
    private func styleOfChild(named name: String, at path: ArraySlice<String>, parentStyle: Int) -> Int32 {
        let key = StyledName(parentStyle: Int32(parentStyle), name: name)
        if let known = styleOfStyledName[key] { return known }
        let number = number(of: resolver.resolve(path, parent: styles[parentStyle]), parentStyle: parentStyle)
        if !resolver.dependsOnAncestors(name) { styleOfStyledName[key] = number }
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

    private static func sharedPrefixCount(_ first: [String], _ second: [String]) -> Int {
        var count = 0
        let limit = min(first.count, second.count)
        while count < limit, first[count] == second[count] { count += 1 }
        return count
    }
}
