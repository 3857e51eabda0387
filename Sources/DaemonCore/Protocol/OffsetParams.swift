import JSONRPC
import TextRope

/// The params of the requests about one place of a document, `{uri, offset}`:
/// `textStorage/inspect` (the character after the caret; the end of the text reads the token
/// before it) and `textStorage/matchBracket` (a bracket's first character). The offset, in the
/// negotiated unit, is converted to UTF-8 against the document's text; one outside the text,
/// inside a character or between `\r` and `\n` is -32602 naming `offset`.
struct OffsetParams {
    let document: DocumentSession
    let offset: UTF8Offset

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        let requested = try params.int("offset", atLeast: 0)
        offset = try UnitRange(offset: requested, length: 0).utf8Range(
            in: document.storage.text, unit: server.encoding, field: "offset"
        ).lowerBound
    }
}
