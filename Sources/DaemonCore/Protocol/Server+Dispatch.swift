import Foundation
import JSONRPC

extension Server {
    /// Handles one frame's body: parses it and dispatches, answering malformed input with
    /// the JSON-RPC error it deserves.
    public func handle(frame body: [UInt8]) {
        flushBackgroundChanges()
        let json: JSONValue
        do {
            json = try JSONValue(parsing: Data(body))
        } catch {
            send(.response(id: nil, result: .failure(.parseError(error.message))))
            return
        }
        let message: RPCMessage
        do {
            message = try RPCMessage(json: json)
        } catch {
            let id: RequestID? =
                switch json["id"] {
                case .integer(let value)?: .integer(value)
                case .string(let value)?: .string(value)
                default: nil
                }
            send(.response(id: id, result: .failure(error)))
            return
        }
        handle(message)
    }

    /// Answers a framing error (the stream resynchronises by itself).
    public func handle(framingError error: FramingError) {
        send(.response(id: nil, result: .failure(.invalidRequest("\(error)"))))
    }

    /// Dispatches one message.
    public func handle(_ message: RPCMessage) {
        flushBackgroundChanges()
        switch message {
        case .request(let id, let method, let params):
            let result: Result<JSONValue, ResponseError>
            do {
                result = .success(try request(method, Params(params)))
            } catch {
                result = .failure(addingDocument(to: error, params: params))
            }
            send(.response(id: id, result: result))
        case .notification(let method, let params):
            do {
                try notification(method, Params(params))
            } catch {
                reportRejected(method, params: params, error: error)
            }
        case .response:
            // Answers to the server's own requests (`workspace/semanticTokens/refresh`) carry
            // nothing it acts on.
            break
        }
    }

    private func request(_ name: String, _ params: Params) throws(ResponseError) -> JSONValue {
        let method = RequestMethod(rawValue: name)
        // `initialize` is answered in any phase; anything else only while running (LSP: even
        // an unknown method gets -32002 before `initialize`).
        if method != .initialize {
            switch phase {
            case .uninitialized: throw .serverNotInitialized()
            case .shutDown: throw .shutDown()
            case .running: break
            }
        }
        guard let method else { throw .methodNotFound(name) }
        switch method {
        case .initialize: return try initialize(params)
        case .shutdown:
            phase = .shutDown
            return .null
        case .attributes: return try attributes(params)
        case .lineBreaks: return try lineBreaks(params)
        case .layout: return try layout(params)
        case .edit: return try editAnswer(params)
        case .adjustSelection: return try adjustSelection(params)
        case .convert: return try convert(params)
        case .export: return try export(params)
        case .language: return try language(params)
        case .semanticTokensFull: return try semanticTokensFull(params)
        case .semanticTokensDelta: return try semanticTokensDelta(params)
        case .semanticTokensRange: return try semanticTokensRange(params)
        case .documentLink: return try documentLinks(params)
        }
    }

    /// `textStorage/edit` as a request: the version now held and the edits applied.
    private func editAnswer(_ params: Params) throws(ResponseError) -> JSONValue {
        let applied = try edit(params)
        return [
            "version": .integer(try document(params.string("uri")).version),
            "edits": .array(
                applied.map {
                    [
                        "offset": .integer($0.location), "length": .integer($0.length),
                        "text": .string($0.text),
                    ]
                }),
        ]
    }

    private func notification(_ name: String, _ params: Params) throws(ResponseError) {
        // Unknown notifications are ignored (LSP `$/` ones included).
        guard let method = NotificationMethod(rawValue: name) else { return }
        if method == .exit {
            exitStatus = phase == .shutDown ? 0 : 1
            return
        }
        // Before initialize, notifications other than exit are dropped (LSP).
        guard phase == .running else { return }
        switch method {
        case .initialized, .exit: break
        case .didOpen: try didOpen(params)
        case .didChange: try didChange(params)
        case .didClose: try didClose(params)
        case .edit: try edit(params)
        case .viewport: try viewport(params)
        case .didSave: try didSave(params)
        case .didChangeConfiguration: try didChangeConfiguration(params)
        // Requests are answered in order, each before the next message is read, so a
        // cancellation that arrives on its own finds its request answered; one queued behind
        // its request is honoured by `handle(batch:)`.
        case .cancelRequest: break
        }
    }

    /// The open document at `uri`, or an invalid-params error naming it.
    func document(_ uri: String) throws(ResponseError) -> Document {
        guard let document = documents[uri] else { throw .invalidParams("uri: no open document \(uri)") }
        return document
    }
}
