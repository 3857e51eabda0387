/// A theme in the tmTheme / vscode-textmate `IRawTheme` shape: a name and an ordered list of
/// settings. Every file format is read into this shape before rules are resolved.
public struct RawTheme: Hashable, Sendable {
    /// The theme's display name, when it has one.
    public var name: String?
    /// The settings in file order; order breaks ties between rules of equal specificity.
    public var settings: [RawThemeSetting]

    /// Creates a raw theme.
    public init(name: String? = nil, settings: [RawThemeSetting]) {
        self.name = name
        self.settings = settings
    }
}

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
