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
