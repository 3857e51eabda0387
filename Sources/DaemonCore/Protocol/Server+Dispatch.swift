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
            let result: any WireEncodable
            do {
                result = try answer(method, Params(params))
            } catch {
                send(.response(id: id, result: .failure(addingDocument(to: error, params: params))))
                return
            }
            // A large answer written as its bytes: its `JSONValue` tree would cost far more
            // than the bytes (a whole document's attributes, about 50 MB for 1 MB of code).
            if sendBytes != nil, let written = result as? any WireBytesEncodable {
                sendEncoded(ResponseBytes.success(id: id, written))
            } else {
                send(.response(id: id, result: .success(result.json)))
            }
        case .notification(let method, let params):
            do {
                guard let notification = try decodeNotification(method, Params(params)) else { return }
                try act(on: notification)
            } catch {
                reportRejected(method, params: params, error: error)
            }
        case .response:
            // Answers to the server's own requests (`workspace/semanticTokens/refresh`) carry
            // nothing it acts on.
            break
        }
    }

    /// Decodes a request for the phase the server is in and answers it.
    private func answer(_ name: String, _ params: Params) throws(ResponseError) -> any WireEncodable {
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
        return try answer(Request(method, params, in: self))
    }

    /// Runs a decoded request: the one switch every request method goes through.
    private func answer(_ request: Request) throws(ResponseError) -> any WireEncodable {
        switch request {
        case .initialize(let params): return try initialize(params)
        case .shutdown:
            phase = .shutDown
            return JSONValue.null
        case .attributes(let params): return attributes(params)
        case .lineBreaks(let params): return lineBreaks(params)
        case .layout(let params): return try layout(params)
        case .edit(let params): return try edit(params)
        case .adjustSelection(let params): return adjustSelection(params)
        case .convert(let params): return convert(params)
        case .export(let params): return export(params)
        case .language(let params): return language(params)
        case .inspect(let params): return inspect(params)
        case .matchBracket(let params): return matchBracket(params)
        case .semanticTokensFull(let params): return semanticTokensFull(params)
        case .semanticTokensDelta(let params): return semanticTokensDelta(params)
        case .semanticTokensRange(let params): return semanticTokensRange(params)
        case .documentLink(let params): return documentLinks(params)
        case .foldingRange(let params): return foldingRanges(params)
        }
    }

    /// A notification decoded, or nil when it is to be ignored: an unknown method (LSP `$/`
    /// ones included), or anything but `exit` before `initialize` (LSP).
    func decodeNotification(_ name: String, _ params: Params) throws(ResponseError) -> Notification? {
        guard let method = NotificationMethod(rawValue: name) else { return nil }
        guard method == .exit || phase == .running else { return nil }
        return try Notification(method, params, in: self)
    }

    /// Acts on a decoded notification: the one switch every notification method goes through.
    func act(on notification: Notification) throws(ResponseError) {
        switch notification {
        case .initialized: break
        case .exit: exitStatus = phase == .shutDown ? 0 : 1
        case .didOpen(let params): didOpen(params)
        case .didChange(let params): try didChange(params)
        case .didClose(let params): didClose(params)
        case .edit(let params): try edit(params)
        case .viewport(let params): viewport(params)
        case .didSave(let params): didSave(params)
        case .didChangeConfiguration(let params): try didChangeConfiguration(params)
        // Requests are answered in order, each before the next message is read, so a
        // cancellation that arrives on its own finds its request answered; one queued behind
        // its request is honoured by `handle(batch:)`.
        case .cancelRequest: break
        }
    }
}
