import JSONRPC
import TextRope

/// `textDocument/semanticTokens/full/delta`: the result the client holds.
struct SemanticTokensDeltaParams {
    let document: DocumentSession
    let previousResultId: String

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "textDocument.uri", in: server)
        previousResultId = try params.string("previousResultId")
    }
}

/// `textDocument/semanticTokens/range`: positions in the negotiated unit, kept as the client
/// sent them (tokens are compared with them in the same unit; a position past a line's end
/// is no error here, as LSP allows).
struct SemanticTokensRangeParams {
    let document: DocumentSession
    let range: LineRange

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "textDocument.uri", in: server)
        range = try LineRange(params, at: "range")
    }
}

/// What the semantic token requests answer: LSP's `SemanticTokens` (`full`), its
/// `SemanticTokensDelta` (`full/delta`), or tokens without a result id (`range`).
enum SemanticTokensResult: WireEncodable {
    case full(resultId: String, data: [Int])
    case delta(resultId: String, edits: [SemanticTokenEdit])
    case range(data: [Int])

    var json: JSONValue {
        switch self {
        case .full(let resultId, let data):
            ["resultId": .string(resultId), "data": .array(data.map { .integer($0) })]
        case .delta(let resultId, let edits):
            [
                "resultId": .string(resultId),
                "edits": .array(
                    edits.map {
                        [
                            "start": .integer($0.start), "deleteCount": .integer($0.deleteCount),
                            "data": .array($0.data.map { .integer($0) }),
                        ]
                    }),
            ]
        case .range(let data):
            ["data": .array(data.map { .integer($0) })]
        }
    }
}
