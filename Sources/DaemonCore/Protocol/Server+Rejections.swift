import JSONRPC

extension Server {
    /// The document a message's params name (`uri`, or `textDocument.uri`), if any.
    static func subjectURI(_ params: JSONValue?) -> String? {
        (params?["uri"] ?? params?["textDocument"]?["uri"])?.stringValue
    }

    /// `error` with `data` naming the document the params name and the version the daemon
    /// holds of it (null when it is not open): what a client needs to decide which buffer to
    /// send again, without reading the message.
    func addingDocument(to error: ResponseError, params: JSONValue?) -> ResponseError {
        guard error.data == nil, let uri = Self.subjectURI(params) else { return error }
        var error = error
        error.data = ["uri": .string(uri), "version": documents[uri].map { .integer($0.version) } ?? .null]
        return error
    }

    /// Reports a rejected notification, which has no response: on standard error, to the
    /// client's log as `window/logMessage` (for people), and, to clients of the attribute
    /// protocol, as `textStorage/didReject` (for plugins: the method, the error, and the
    /// document with the version the daemon still holds).
    func reportRejected(_ method: String, params: JSONValue?, error: ResponseError) {
        reportRejected(method, subjectURI: Self.subjectURI(params), error: error)
    }

    /// `reportRejected(_:params:error:)` for a message whose params name `uri`.
    func reportRejected(_ method: String, subjectURI uri: String?, error: ResponseError) {
        let subject = uri.map { "\(method) for \($0)" } ?? method
        log("\(subject): \(error)")
        send(
            .notification(
                method: "window/logMessage",
                params: [
                    "type": 1, "message": .string("\(subject) rejected (\(error.code)): \(error.message)"),
                ]))
        guard pushesAttributes else { return }
        send(
            .notification(
                method: "textStorage/didReject",
                params: [
                    "method": .string(method), "uri": uri.map { .string($0) } ?? .null,
                    "version": uri.flatMap { documents[$0] }.map { .integer($0.version) } ?? .null,
                    "code": .integer(error.code), "message": .string(error.message),
                ]))
    }
}
