import DocumentStorage
import GrammarEngine
import TextRope

extension SyntaxHighlighter {
    /// The scopes (outermost first) of the text at a UTF-8 offset from the start of `line`.
    public func scopes(atLine line: LineIndex, utf8Column column: Int, storage: TextStorage) -> [String] {
        token(atLine: line, utf8Column: column, storage: storage)?.scopes ?? [grammar.scopeName]
    }

    /// The token holding a UTF-8 offset from the start of `line` (the one starting there, or
    /// the last one at an offset past the line's content): its UTF-8 range in the document
    /// and its scopes, outermost first. The line is tokenized again from its start state,
    /// after highlighting the lines before it that are not yet valid (their end states are
    /// needed); nil when the line does not exist.
    ///
    /// The storage keeps style ids, not scopes, so this costs one line's tokenization plus
    /// whatever background work it brings forward; it answers questions (the language at the
    /// cursor, an inspector), not per-keystroke work.
    public func token(atLine line: LineIndex, utf8Column column: Int, storage: TextStorage)
        -> (range: Range<UTF8Offset>, scopes: [String])?
    {
        let number = line.rawValue
        guard number >= 0, number < store.count, let bounds = try? storage.text.lineBounds(line) else {
            return nil
        }
        if number > 0 { _ = highlightInvalidLines(in: 0..<number, storage: storage) }
        let startState: RuleStack? = number == 0 ? nil : (store[number - 1].endState ?? grammar.initialState)
        let tokens = grammar.tokenizeLine(
            storage.text.substring(bounds.start..<bounds.contentEnd), state: startState
        ).tokens
        let index = tokens.lastIndex { $0.start <= column } ?? 0
        let start = bounds.start + tokens[index].start
        let end = index + 1 < tokens.count ? bounds.start + tokens[index + 1].start : bounds.contentEnd
        return (start..<max(start, end), tokens[index].scopes.scopeNames)
    }
}
