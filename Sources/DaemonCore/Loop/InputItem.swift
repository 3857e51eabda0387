import JSONRPC

/// What reading the client's input yields, in order.
enum InputItem {
    /// A message; `size` is its body's length in bytes.
    case message(RPCMessage, size: Int)
    /// A body that is not a valid message: the server answers it with the error it deserves.
    case unreadable([UInt8])
    /// A frame header that could not be used.
    case framingError(FramingError)
    /// Standard input ended.
    case endOfInput

    /// What the item weighs against the byte limit of one batch.
    var size: Int {
        switch self {
        case .message(_, let size): size
        case .unreadable(let body): body.count
        case .framingError, .endOfInput: 0
        }
    }

    /// A frame body as a message, or as unreadable (the server then explains why).
    static func parse(_ body: [UInt8]) -> InputItem {
        guard let json = try? JSONValue(parsing: body), let message = try? RPCMessage(json: json) else {
            return .unreadable(body)
        }
        return .message(message, size: body.count)
    }
}
