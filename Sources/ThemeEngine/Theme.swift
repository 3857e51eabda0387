/// A resolved colour theme: vscode-textmate's theme semantics over tmTheme and VS Code files.
///
/// Build one from a file (`Theme.load(from:)`), a built-in name (`Theme.builtIn(named:)`) or a
/// `RawTheme`. Resolve styles incrementally with `resolve(_:parent:)` as scopes are pushed, or
/// all at once with `style(forScopes:)`. A theme is immutable apart from its internal match
/// cache, which is locked, so one instance can be shared across threads.
public final class Theme: Sendable {
    /// The theme's display name, when the file gives one.
    public let name: String?
    /// The style of text no rule applies to: the theme's default colours and font style.
    public let defaultStyle: TokenStyle
    /// The colours of bracket pairs by nesting depth (depth `d` takes colour `d % count`): the
    /// theme's `editorBracketHighlight.foreground1…6`, or VS Code's defaults when it gives none.
    public let bracketColors: [ThemeColor]
    /// The colour of a closing bracket that closes nothing.
    public let unexpectedBracketColor: ThemeColor
    /// The trie of rules, keyed by dot segments of target scopes.
    let root: ThemeTrieNode
    /// Candidate rules per scope name.
    let cache = ThemeMatchCache()

    /// Resolves a raw theme, exactly as vscode-textmate's `resolveParsedThemeRules` does.
    public init(_ raw: RawTheme) {
        name = raw.name
        let given = raw.bracketColors.compactMap(ThemeColor.init(hex:))
        // VS Code's defaults for themes that name no bracket colours (gold, orchid, blue; a red).
        bracketColors =
            given.isEmpty ? ["#FFD700", "#DA70D6", "#179FFF"].compactMap(ThemeColor.init(hex:)) : given
        unexpectedBracketColor =
            raw.unexpectedBracketColor.flatMap(ThemeColor.init(hex:)) ?? ThemeColor(hex: "#FF1212CC")!
        var rules = ThemeRule.parse(raw).sorted(by: ThemeRule.precedes)

        // Leading rules with an empty target scope set the defaults, later ones winning.
        var fontStyle: FontStyle = []
        var foreground = ThemeColor(hex: "#000000")!
        var background = ThemeColor(hex: "#ffffff")!
        while let first = rules.first, first.selector.scope.isEmpty {
            rules.removeFirst()
            if let value = first.fontStyle { fontStyle = value }
            if let value = first.foreground { foreground = value }
            if let value = first.background { background = value }
        }
        defaultStyle = TokenStyle(
            foreground: foreground, background: background, fontStyle: fontStyle)

        let empty = ThemeTrieRule(scopeDepth: 0, parentScopes: [], exclusions: [])
        root = ThemeTrieNode(mainRule: empty)
        var nodes = 1
        for rule in rules where nodes < Self.maximumTrieNodes {
            let segments = rule.selector.scope.utf8.lazy.filter { $0 == UInt8(ascii: ".") }.count + 1
            guard segments <= Self.maximumScopeSegments else { continue }
            nodes += root.insert(depth: 0, scope: Substring(rule.selector.scope), rule: rule)
        }
    }

    /// Rules whose target scope has more dot segments are left out. The trie gets one level per
    /// segment and is freed recursively, so a scope of 100,000 segments overflowed the stack;
    /// real scope names have fewer than ten.
    public static let maximumScopeSegments = 256

    /// Rules past this many trie nodes are left out: each node costs a few hundred bytes, so a
    /// theme file of distinct long scopes could otherwise ask for gigabytes. Large real themes
    /// need a few thousand.
    public static let maximumTrieNodes = 200_000
}
