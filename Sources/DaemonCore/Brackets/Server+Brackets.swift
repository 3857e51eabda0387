import JSONRPC
import TextRope

extension Server {
    /// `textStorage/matchBracket`: the partner of the bracket at an offset, or null when there
    /// is no bracket there (or one in a string or comment), or it has no partner. Lines are
    /// highlighted and paired as far as the answer needs; what that changed is pushed, as a
    /// viewport's lines are.
    func matchBracket(_ params: OffsetParams) -> any WireEncodable {
        let document = params.document
        guard let highlighter = document.highlighter else { return JSONValue.null }
        let found = highlighter.bracketPair(at: params.offset)
        if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
        guard let found, let partner = found.partner else { return JSONValue.null }
        let text = document.storage.text
        return MatchBracketResult(
            bracket: UnitRange(utf8: found.bracket, of: text, unit: encoding),
            partner: UnitRange(utf8: partner, of: text, unit: encoding))
    }
}
