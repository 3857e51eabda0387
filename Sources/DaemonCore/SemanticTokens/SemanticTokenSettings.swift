import Highlighting

/// What the client and the server agreed on for semantic tokens at `initialize`, and the
/// counters behind result and request ids.
struct SemanticTokenSettings {
    /// The client declared `workspace.semanticTokens.refreshSupport`.
    var refreshSupport = false
    /// Link spans are sent as tokens of type `link` (appended to the legend), cutting the
    /// syntax tokens they cover: for clients that render semantic tokens but not document
    /// links. On when `initializationOptions.linkTokens` is true, or when the client lists
    /// `link` among its `semanticTokens.tokenTypes`.
    var linkTokens = false
    /// The last result id handed out.
    var resultCounter = 0
    /// The last id of a request the server sent.
    var requestCounter = 0

    /// The legend's token types: LSP's predefined ones, then `link` when link tokens are on.
    var tokenTypes: [String] {
        SemanticTokenLegend.tokenTypes + (linkTokens ? [Self.linkTokenType] : [])
    }

    /// The token type name of link spans.
    static let linkTokenType = "link"

    /// The index of the link token type in `tokenTypes`.
    static var linkTokenIndex: Int { SemanticTokenLegend.tokenTypes.count }
}
