/// One entry of a raw theme: an optional scope selector and the style it applies.
public struct RawThemeSetting: Hashable, Sendable {
    /// How the entry names its scopes.
    public enum Scope: Hashable, Sendable {
        /// A comma-separated list of selectors, as tmTheme files write it.
        case string(String)
        /// One selector per element, as VS Code themes may write it.
        case list([String])
    }

    /// The entry's optional label.
    public var name: String?
    /// The selectors; nil means the entry sets the theme's defaults.
    public var scope: Scope?
    /// The text colour as written; invalid colours are ignored when rules are parsed.
    public var foreground: String?
    /// The background colour as written.
    public var background: String?
    /// The font style words as written; nil inherits, `""` is an explicit none.
    public var fontStyle: String?

    /// Creates a setting.
    public init(
        name: String? = nil, scope: Scope? = nil, foreground: String? = nil, background: String? = nil,
        fontStyle: String? = nil
    ) {
        self.name = name
        self.scope = scope
        self.foreground = foreground
        self.background = background
        self.fontStyle = fontStyle
    }
}
