import JSONRPC
import TextRope

extension Server {
    /// The UTF-8 range of `text` that the optional `range` param (`{offset, length}` in the
    /// negotiated unit) names, or the whole text without one; -32602 naming `range` when it
    /// lies outside the text or inside a character.
    func utf8Range(_ params: Params, in text: TextBuffer) throws(ResponseError) -> Range<Int> {
        guard params.optional("range") != nil else { return 0..<text.utf8Count }
        let (offset, length) = try params.offsetRange("range")
        do throws(TextPositionError) {
            return try text.utf8Offset(offset, in: encoding)..<text.utf8Offset(offset + length, in: encoding)
        } catch {
            throw .invalidParams("range: \(error)")
        }
    }
}
