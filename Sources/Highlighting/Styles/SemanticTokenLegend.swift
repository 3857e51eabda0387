/// The LSP semantic token legend: the token types and modifiers a `StyleTable` can name, in
/// the order their indices are sent (`SemanticTokensLegend` in the LSP specification).
public enum SemanticTokenLegend {
    /// LSP 3.17's predefined token types, in the specification's order.
    public static let tokenTypes: [String] = [
        "namespace", "type", "class", "enum", "interface", "struct", "typeParameter", "parameter",
        "variable", "property", "enumMember", "event", "function", "method", "macro", "keyword",
        "modifier", "comment", "string", "number", "regexp", "operator", "decorator",
    ]

    /// LSP 3.17's predefined token modifiers, in the specification's order; modifier `i` is bit
    /// `1 << i` of a modifier set.
    public static let tokenModifiers: [String] = [
        "declaration", "definition", "readonly", "static", "deprecated", "abstract", "async",
        "modification", "documentation", "defaultLibrary",
    ]

    /// The index of a token type name, or nil if the legend has no such type.
    public static func typeIndex(_ name: String) -> Int? { tokenTypes.firstIndex(of: name) }

    /// The bit set of the given modifier names (unknown names are ignored).
    public static func modifierBits(_ names: [String]) -> UInt32 {
        names.reduce(0) { bits, name in
            tokenModifiers.firstIndex(of: name).map { bits | (1 << UInt32($0)) } ?? bits
        }
    }
}
