/// A theme in the tmTheme / vscode-textmate `IRawTheme` shape: a name and an ordered list of
/// settings. Every file format is read into this shape before rules are resolved.
public struct RawTheme: Hashable, Sendable {
    /// The theme's display name, when it has one.
    public var name: String?
    /// The settings in file order; order breaks ties between rules of equal specificity.
    public var settings: [RawThemeSetting]
    /// The bracket pair colours by nesting depth (VS Code's `editorBracketHighlight.foreground1`
    /// to `foreground6`, as far as the theme gives them in order), `#RRGGBB` or `#RRGGBBAA`.
    public var bracketColors: [String]
    /// The colour of a closing bracket that closes nothing
    /// (`editorBracketHighlight.unexpectedBracket.foreground`), when the theme gives one.
    public var unexpectedBracketColor: String?

    /// Creates a raw theme.
    public init(
        name: String? = nil, settings: [RawThemeSetting], bracketColors: [String] = [],
        unexpectedBracketColor: String? = nil
    ) {
        self.name = name
        self.settings = settings
        self.bracketColors = bracketColors
        self.unexpectedBracketColor = unexpectedBracketColor
    }
}
