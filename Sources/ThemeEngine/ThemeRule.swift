/// One parsed theme rule: a single selector of a raw setting with its validated style fields.
///
/// This is vscode-textmate's `ParsedThemeRule`, plus the selector text (reported with resolved
/// styles) and the exclusion extension.
struct ThemeRule: Hashable, Sendable {
    /// The selector the rule applies to.
    var selector: ThemeSelector
    /// The position of the raw setting in the theme; breaks ties between equal selectors.
    var index: Int
    /// The font style; nil inherits.
    var fontStyle: FontStyle?
    /// The text colour; nil inherits (invalid colours are dropped to nil).
    var foreground: ThemeColor?
    /// The background colour; nil inherits.
    var background: ThemeColor?

    /// Parses a raw theme into rules, one per selector, like vscode-textmate's `parseTheme`.
    static func parse(_ theme: RawTheme) -> [ThemeRule] {
        var rules: [ThemeRule] = []
        for (index, setting) in theme.settings.enumerated() {
            let selectors: [String]
            switch setting.scope {
            case .string(let list): selectors = ThemeSelector.splitList(list)
            case .list(let list): selectors = list
            case nil: selectors = [""]
            }
            let fontStyle = setting.fontStyle.map(FontStyle.init(parsing:))
            let foreground = setting.foreground.flatMap(ThemeColor.init(hex:))
            let background = setting.background.flatMap(ThemeColor.init(hex:))
            for selector in selectors {
                rules.append(
                    ThemeRule(
                        selector: ThemeSelector(parsing: selector), index: index, fontStyle: fontStyle,
                        foreground: foreground, background: background))
            }
        }
        return rules
    }

    /// The order `resolveParsedThemeRules` sorts in: scope, then parent scopes, then exclusions
    /// (none first, so vscode's order is kept for rules without), then file position.
    static func precedes(_ lhs: ThemeRule, _ rhs: ThemeRule) -> Bool {
        var order = ThemeScope.compare(lhs.selector.scope, rhs.selector.scope)
        if order == 0 { order = ThemeScope.compare(lhs.selector.parentScopes, rhs.selector.parentScopes) }
        if order == 0 {
            let left = lhs.selector.exclusions.isEmpty ? nil : lhs.selector.exclusions.map(\.description)
            let right = rhs.selector.exclusions.isEmpty ? nil : rhs.selector.exclusions.map(\.description)
            order = ThemeScope.compare(left, right)
        }
        return order == 0 ? lhs.index < rhs.index : order < 0
    }
}
