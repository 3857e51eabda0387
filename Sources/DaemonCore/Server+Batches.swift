import JSONRPC

extension Server {
    /// Handles messages received together, coalescing consecutive edits of one document into a
    /// single transaction: each edit is still validated on its own (a rejected one changes
    /// nothing), but the hooks run once and one `didProcessEditing` reports the last version.
    public func handle(batch messages: [RPCMessage]) {
        var index = 0
        while index < messages.count {
            guard let uri = Self.editedURI(messages[index]), let document = documents[uri] else {
                handle(messages[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < messages.count, Self.editedURI(messages[end]) == uri { end += 1 }
            if end - index == 1 {
                handle(messages[index])
            } else {
                document.storage.beginEditing()
                for message in messages[index..<end] { handle(message) }
                if let transaction = try? document.storage.endEditing() {
                    push(document, transaction: transaction)
                }
            }
            index = end
        }
    }

    /// The document an edit notification changes, or nil for any other message.
    static func editedURI(_ message: RPCMessage) -> String? {
        guard case .notification(let method, let params) = message else { return nil }
        switch method {
        case "textDocument/didChange": return params?["textDocument"]?["uri"]?.stringValue
        case "textStorage/edit": return params?["uri"]?.stringValue
        default: return nil
        }
    }
}
