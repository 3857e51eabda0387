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
