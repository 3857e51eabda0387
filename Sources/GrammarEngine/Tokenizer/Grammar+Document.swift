extension Grammar {
    /// Tokenizes a whole document into tokens that cover its UTF-8 bytes with no gap or
    /// overlap.
    ///
    /// Lines end at `\n`, `\r\n` or `\r`; a line terminator belongs to the token that ends its
    /// line. Scopes are listed outermost first.
    public func tokenizeDocument(_ text: String) -> [DocumentToken] {
        var text = text
        return text.withUTF8 { tokenizeDocument(utf8: $0) }
    }

    /// Tokenizes a whole document given as UTF-8 bytes.
    public func tokenizeDocument(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [DocumentToken] {
        var result: [DocumentToken] = []
        // Code has about one token per three or four bytes: one allocation instead of the
        // first dozen doublings (each a copy of every token so far).
        result.reserveCapacity(bytes.count / 4 + 16)
        var state: RuleStack?
        // One thread-local lookup per document rather than per line.
        let workspace = MatchWorkspace.current
        var lineStart = 0
        while lineStart < bytes.count || (lineStart == 0 && bytes.isEmpty) {
            guard !bytes.isEmpty else { break }
            var contentEnd = lineStart
            while contentEnd < bytes.count, bytes[contentEnd] != 0x0A, bytes[contentEnd] != 0x0D {
                contentEnd += 1
            }
            var lineEnd = contentEnd
            if lineEnd < bytes.count {
                lineEnd +=
                    bytes[lineEnd] == 0x0D && lineEnd + 1 < bytes.count && bytes[lineEnd + 1] == 0x0A ? 2 : 1
            }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])
            let tokenization = tokenizeLine(utf8: line, state: state, workspace: workspace)
            state = tokenization.endState
            for (index, token) in tokenization.tokens.enumerated() {
                let start = lineStart + token.start
                let end =
                    index + 1 < tokenization.tokens.count
                    ? lineStart + tokenization.tokens[index + 1].start : lineEnd
                guard end > start else { continue }
                // Interned scope stacks keep their names, so this is one array retain.
                result.append(DocumentToken(range: start..<end, scopes: token.scopes.scopeNames))
            }
            lineStart = lineEnd
        }
        return result
    }
}
