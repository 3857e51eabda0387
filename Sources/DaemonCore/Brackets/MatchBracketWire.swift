import JSONRPC
import TextRope

/// `textStorage/matchBracket` params: a document and the offset of a bracket (the caret just
/// before it), in the negotiated unit.
struct MatchBracketParams {
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

/// What `textStorage/matchBracket` answers for a bracket with a partner: where the partner
/// starts (`offset`), the partner's range and the bracket's own, in the negotiated unit.
struct MatchBracketResult: WireEncodable {
    let bracket: UnitRange
    let partner: UnitRange

    var json: JSONValue {
        ["offset": .integer(partner.offset), "partner": partner.json, "bracket": bracket.json]
    }
}
