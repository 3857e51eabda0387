import JSONRPC
import JSONSyntax
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
///
/// Written as bytes (`WireBytesEncodable`): every LSP client asks for a document's whole
/// tokens when it opens it, five integers a token, and as a `JSONValue` array each integer
/// took 16 bytes before a byte was written.
enum SemanticTokensResult: WireBytesEncodable {
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

    func write(to bytes: inout [UInt8]) {
        switch self {
        case .full(let resultId, let data):
            bytes.append(literal: #"{"data":"#)
            Self.write(data, to: &bytes)
            bytes.append(literal: #","resultId":"#)
            JSONValue.writeString(resultId, to: &bytes)
        case .delta(let resultId, let edits):
            bytes.append(literal: #"{"edits":["#)
            for (index, edit) in edits.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(literal: #"{"data":"#)
                Self.write(edit.data, to: &bytes)
                bytes.append(literal: #","deleteCount":"#)
                JSONValue.writeInteger(edit.deleteCount, to: &bytes)
                bytes.append(literal: #","start":"#)
                JSONValue.writeInteger(edit.start, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(literal: #"],"resultId":"#)
            JSONValue.writeString(resultId, to: &bytes)
        case .range(let data):
            bytes.append(literal: #"{"data":"#)
            Self.write(data, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `[a,b,…]`.
    private static func write(_ integers: [Int], to bytes: inout [UInt8]) {
        // Most are small: a digit or two and a comma.
        bytes.reserveCapacity(bytes.count + 3 * integers.count + 2)
        bytes.append(UInt8(ascii: "["))
        for index in integers.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONValue.writeInteger(integers[index], to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
