/// A request id: a number or a string.
public enum RequestID: Hashable, Sendable {
    case integer(Int)
    case string(String)

    /// The id as JSON.
    public var json: JSONValue {
        switch self {
        case .integer(let value): .integer(value)
        case .string(let value): .string(value)
        }
    }
}

/// One JSON-RPC 2.0 message.
public enum RPCMessage: Hashable, Sendable {
    /// A call expecting a response.
    case request(id: RequestID, method: String, params: JSONValue?)
    /// A call expecting none.
    case notification(method: String, params: JSONValue?)
    /// The answer to a request (`id` is nil when the request could not be read).
    case response(id: RequestID?, result: Result<JSONValue, ResponseError>)

    /// Reads a message from parsed JSON.
    public init(json: JSONValue) throws(ResponseError) {
        guard case .object(let members) = json else {
            throw .invalidRequest("a message must be a JSON object")
        }
        guard members["jsonrpc"]?.stringValue == "2.0" else {
            throw .invalidRequest("jsonrpc must be \"2.0\"")
        }
        var id: RequestID?
        switch members["id"] {
        case nil, .null?: id = nil
        case .integer(let value)?: id = .integer(value)
        case .string(let value)?: id = .string(value)
        default: throw .invalidRequest("id must be a number or a string")
        }
        if let method = members["method"] {
            guard let name = method.stringValue else { throw .invalidRequest("method must be a string") }
            // `"params": null` (sent by several LSP clients for shutdown and exit) means none.
            var params = members["params"]
            if case .null? = params { params = nil }
            if let params, params.objectValue == nil, params.arrayValue == nil {
                throw .invalidRequest("params must be an object or an array")
            }
            if let id {
                self = .request(id: id, method: name, params: params)
            } else {
                self = .notification(method: name, params: params)
            }
            return
        }
        if let error = members["error"] {
            self = .response(
                id: id,
                result: .failure(
                    ResponseError(
                        code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "",
                        data: error["data"])))
            return
        }
        guard let result = members["result"] else {
            throw .invalidRequest("a message needs a method or a result")
        }
        self = .response(id: id, result: .success(result))
    }

    /// The message as JSON.
    public var json: JSONValue {
        switch self {
        case .request(let id, let method, let params):
            var object: [String: JSONValue] = ["jsonrpc": "2.0", "id": id.json, "method": .string(method)]
            if let params { object["params"] = params }
            return .object(object)
        case .notification(let method, let params):
            var object: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
            if let params { object["params"] = params }
            return .object(object)
        case .response(let id, let result):
            var object: [String: JSONValue] = ["jsonrpc": "2.0", "id": id?.json ?? .null]
            switch result {
            case .success(let value): object["result"] = value
            case .failure(let error): object["error"] = error.json
            }
            return .object(object)
        }
    }
}
