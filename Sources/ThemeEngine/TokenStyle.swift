/// The resolved look of a token: colours and font style, with the theme rule that chose it.
///
/// Every field is resolved: fields a rule leaves unset are inherited from the enclosing scope,
/// down to the theme's defaults.
public struct TokenStyle: Hashable, Sendable {
    /// The text colour.
    public var foreground: ThemeColor
    /// The background colour.
    public var background: ThemeColor
    /// The font style; empty means plain.
    public var fontStyle: FontStyle
    /// The selector of the theme rule that last set a field along the scope path, as written in
    /// the theme (`"source.js string"`, `"keyword"`); nil when only the defaults apply.
    public var ruleSelector: String?

    /// Creates a style.
    public init(
        foreground: ThemeColor, background: ThemeColor, fontStyle: FontStyle = [], ruleSelector: String? = nil
    ) {
        self.foreground = foreground
        self.background = background
        self.fontStyle = fontStyle
        self.ruleSelector = ruleSelector
    }

    /// Hashes how the style paints, leaving out the rule's selector: equal styles hash alike,
    /// and styles that differ only by rule (rare) are told apart by `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(foreground)
        hasher.combine(background)
        hasher.combine(fontStyle.rawValue)
    }

    /// True when both styles paint the same way, whichever rule chose them.
    public func looksLike(_ other: TokenStyle) -> Bool {
        foreground == other.foreground && background == other.background && fontStyle == other.fontStyle
    }
}
