import JSONRPC
import RichText
import TextRope

/// `initialize`: what the client can do and the daemon's own `initializationOptions`.
///
/// Client capabilities are read leniently (clients send much the daemon does not use); its
/// own options are checked like every other parameter.
struct InitializeParams {
    /// `capabilities.general.positionEncodings`, in the client's order.
    let positionEncodings: [String]
    /// `initializationOptions.attributeDeltas`: whether the client wants
    /// `textStorage/didProcessEditing` pushes.
    let attributeDeltas: Bool
    /// `initializationOptions.spanRules`, for documents that give none.
    let spanRules: [SpanRule]
    /// `initializationOptions.grammarPaths`.
    let grammarPaths: [String]
    /// `initializationOptions.extensionPaths`, `vscodeExtensions` and `fileAssociations`.
    let extensions: ExtensionSettingsChange
    /// `initializationOptions.theme`: a built-in name, an extension theme's label or a path.
    let theme: String?
    /// `capabilities.workspace.semanticTokens.refreshSupport`.
    let semanticTokensRefresh: Bool
    /// `initializationOptions.linkTokens`, by default whether the client lists the `link`
    /// token type.
    let linkTokens: Bool
    /// `initializationOptions.bracketPairs` (default true): whether documents keep and push
    /// bracket pairs.
    let bracketPairs: Bool

    init(_ params: Params) throws(ResponseError) {
        positionEncodings =
            params.optional("capabilities.general.positionEncodings")?.arrayValue?.compactMap(\.stringValue)
            ?? []
        attributeDeltas = try params.bool("initializationOptions.attributeDeltas", default: false)
        bracketPairs = try params.bool("initializationOptions.bracketPairs", default: true)
        spanRules = try Server.spanRules(params, field: "initializationOptions.spanRules") ?? []
        grammarPaths = try Server.grammarPaths(params, field: "initializationOptions.grammarPaths") ?? []
        extensions = try ExtensionSettingsChange(params, prefix: "initializationOptions.")
        theme = try params.optionalString("initializationOptions.theme")
        semanticTokensRefresh =
            params.optional("capabilities.workspace.semanticTokens.refreshSupport")?.boolValue ?? false
        let clientTypes =
            params.optional("capabilities.textDocument.semanticTokens.tokenTypes")?.arrayValue?.compactMap(
                \.stringValue) ?? []
        linkTokens = try params.bool(
            "initializationOptions.linkTokens",
            default: clientTypes.contains(SemanticTokenSettings.linkTokenType))
    }
}

/// What `initialize` answers: the LSP capabilities (the negotiated position encoding, the
/// semantic token legend, document links) and `experimental.textStorage`, the attribute
/// protocol's own (grammars, languages, style legend, theme and the `textStorage/` methods).
struct InitializeResult: WireEncodable {
    let positionEncoding: TextUnit
    let legend: JSONValue
    let textStorage: JSONValue

    var json: JSONValue {
        [
            "capabilities": [
                "positionEncoding": .string(positionEncoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2],
                "semanticTokensProvider": ["legend": legend, "full": ["delta": true], "range": true],
                "documentLinkProvider": ["resolveProvider": false],
                "foldingRangeProvider": true,
                "experimental": ["textStorage": textStorage],
            ],
            "serverInfo": ["name": "highlightd", "version": .string(HighlightdVersion.current)],
        ]
    }
}
