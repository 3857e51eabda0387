import DocumentStorage
import GrammarEngine
import TextRope

extension SyntaxHighlighter {
    /// The scopes (outermost first) of the text at a UTF-8 offset from the start of `line`: the line is
    /// tokenized again from its start state, after highlighting the lines before it that are
    /// not yet valid (their end states are needed).
    ///
    /// The storage keeps style ids, not scopes, so this costs one line's tokenization plus
    /// whatever background work it brings forward; it answers questions (the language at the
    /// cursor), not per-keystroke work.
    public func scopes(atLine line: LineIndex, utf8Column column: Int, storage: TextStorage) -> [String] {
        let line = line.rawValue
        guard line >= 0, line < store.count, let bounds = try? storage.text.lineBounds(LineIndex(line)) else {
            return [grammar.scopeName]
        }
        if line > 0 { _ = highlightInvalidLines(in: 0..<line, storage: storage) }
        let startState: RuleStack? = line == 0 ? nil : (store[line - 1].endState ?? grammar.initialState)
        let tokens = grammar.tokenizeLine(
            storage.text.substring(bounds.start..<bounds.contentEnd), state: startState
        ).tokens
        let token = tokens.last { $0.start <= column } ?? tokens[0]
        return token.scopes.scopeNames
    }
}
