import JSONRPC

extension Server {
    /// Handles messages received together, coalescing queued edits into one transaction per
    /// document.
    ///
    /// A run of consecutive edit notifications (of any documents) is grouped by document, in
    /// the order each document first appears; each document's edits keep their order. Each is
    /// still validated on its own (a rejected one changes nothing), but the hooks run once per
    /// document and one `didProcessEditing` reports its last version. Documents are
    /// independent, so the order of pushes between them carries no meaning; any other message
    /// ends the run, so requests still see every edit sent before them.
    public func handle(batch messages: [RPCMessage]) {
        flushBackgroundChanges()
        let cancelled = Self.cancelledRequests(in: messages)
        var index = 0
        while index < messages.count {
            var end = index
            while end < messages.count, Self.editedURI(messages[end]) != nil { end += 1 }
            guard end > index else {
                if case .request(let id, _, _) = messages[index], cancelled.contains(index) {
                    send(.response(id: id, result: .failure(.requestCancelled())))
                } else {
                    handle(messages[index])
                }
                index += 1
                continue
            }
            var order: [String] = []
            var groups: [String: [RPCMessage]] = [:]
            for message in messages[index..<end] {
                guard let uri = Self.editedURI(message) else { continue }
                if groups[uri] == nil { order.append(uri) }
                groups[uri, default: []].append(message)
            }
            for uri in order {
                handle(edits: groups[uri] ?? [], of: uri)
            }
            index = end
        }
    }

    /// Applies one document's queued edits as one transaction.
    private func handle(edits: [RPCMessage], of uri: String) {
        guard edits.count > 1, let document = documents[uri] else {
            for message in edits { handle(message) }
            return
        }
        document.storage.beginEditing()
        for message in edits { handle(message) }
        if let transaction = try? document.storage.endEditing() {
            push(document, transaction: transaction)
        }
    }

    /// The positions of requests that a later `$/cancelRequest` of the same batch cancels:
    /// they are answered with -32800 (RequestCancelled) instead of being run.
    static func cancelledRequests(in messages: [RPCMessage]) -> Set<Int> {
        var pending: [RequestID: Int] = [:]
        var cancelled: Set<Int> = []
        for (index, message) in messages.enumerated() {
            switch message {
            case .request(let id, _, _):
                pending[id] = index
            case .notification("$/cancelRequest", let params):
                let id: RequestID? =
                    switch params?["id"] {
                    case .integer(let value)?: .integer(value)
                    case .string(let value)?: .string(value)
                    default: nil
                    }
                if let id, let position = pending.removeValue(forKey: id) { cancelled.insert(position) }
            default:
                break
            }
        }
        return cancelled
    }

    /// The document an edit notification changes, or nil for any other message.
    static func editedURI(_ message: RPCMessage) -> String? {
        guard case .notification(let name, let params) = message else { return nil }
        switch NotificationMethod(rawValue: name) {
        case .didChange?: return params?["textDocument"]?["uri"]?.stringValue
        case .edit?: return params?["uri"]?.stringValue
        default: return nil
        }
    }
}
