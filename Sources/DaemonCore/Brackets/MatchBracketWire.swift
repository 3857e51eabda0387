import JSONRPC
import TextRope

/// What `textStorage/matchBracket` answers for a bracket with a partner: where the partner
/// starts (`offset`), the partner's range and the bracket's own, in the negotiated unit.
struct MatchBracketResult: WireEncodable {
    let bracket: UnitRange
    let partner: UnitRange

    var json: JSONValue {
        ["offset": .integer(partner.offset), "partner": partner.json, "bracket": bracket.json]
    }
}
