import GrammarEngine
import ThemeEngine

/// One interned style: what a `StyleID` stands for.
///
/// Two tokens share an id exactly when they paint the same way, were styled by the same theme
/// rule, map to the same semantic token type and modifiers, and are of the same kind.
public struct StyleEntry: Hashable, Sendable {
    /// The resolved text colour.
    public var foreground: ThemeColor
    /// The resolved background colour.
    public var background: ThemeColor
    /// The resolved font style.
    public var fontStyle: FontStyle
    /// The selector of the theme rule that chose the style, nil for the theme's defaults.
    public var themeSelector: String?
    /// The scope prefix of the semantic mapping rule that chose the token type, if any.
    public var semanticScope: String?
    /// The index of the LSP token type in `SemanticTokenLegend.tokenTypes`, if any.
    public var tokenType: Int?
    /// The LSP token modifier bits (`SemanticTokenLegend.tokenModifiers`).
    public var tokenModifiers: UInt32
    /// Whether the text is a comment, a string, a regular expression or other text (what an
    /// editor's spell checking and bracket matching ask of its syntax).
    public var kind: TokenKind

    /// Creates an entry.
    public init(
        style: TokenStyle, semantic: SemanticTokenMapping.Match?, kind: TokenKind = .other
    ) {
        self.kind = kind
        foreground = style.foreground
        background = style.background
        fontStyle = style.fontStyle
        themeSelector = style.ruleSelector
        semanticScope = semantic?.scope
        tokenType = semantic?.tokenType
        tokenModifiers = semantic?.modifiers ?? 0
    }

    /// The theme's style this entry was made from.
    public var style: TokenStyle {
        TokenStyle(
            foreground: foreground, background: background, fontStyle: fontStyle, ruleSelector: themeSelector)
    }

    /// The semantic token type this entry was made from, if any.
    public var semantic: SemanticTokenMapping.Match? {
        tokenType.map {
            SemanticTokenMapping.Match(scope: semanticScope ?? "", tokenType: $0, modifiers: tokenModifiers)
        }
    }
}
