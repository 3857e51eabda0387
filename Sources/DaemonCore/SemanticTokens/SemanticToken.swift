/// One LSP semantic token at an absolute position: a zero-based line, and a start and length
/// in units of the negotiated position encoding. Tokens never cross a line end (LSP's rule
/// for clients without `multilineTokenSupport`, and the shape every client accepts).
struct SemanticToken: Hashable {
    var line: Int
    var start: Int
    var length: Int
    /// Index into the legend's token types.
    var type: Int
    /// Bit set over the legend's token modifiers.
    var modifiers: UInt32
}

/// LSP's relative encoding: five integers per token, each position relative to the token
/// before it (the line always; the start only on the same line).
struct SemanticTokenEncoder {
    private(set) var data: [Int] = []
    private var previousLine: Int
    private var previousStart: Int

    /// An encoder continuing after a token at `(line, start)`; `(0, 0)` for the first token.
    init(after line: Int = 0, start: Int = 0) {
        previousLine = line
        previousStart = start
    }

    /// Appends a token; tokens must come in document order.
    mutating func append(_ token: SemanticToken) {
        let deltaLine = token.line - previousLine
        let deltaStart = deltaLine == 0 ? token.start - previousStart : token.start
        data += [deltaLine, deltaStart, token.length, token.type, Int(token.modifiers)]
        previousLine = token.line
        previousStart = token.start
    }

    /// The line of the last token appended (or the starting point).
    var lastLine: Int { previousLine }
}
