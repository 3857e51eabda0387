import JSONRPC

/// The requests the daemon answers, by their names on the wire.
///
/// `Server.request` switches over every case, so a method listed here without a handler does
/// not compile; a name not listed is answered -32601. `initialize` lists the `textStorage/`
/// ones for clients (`capabilities.experimental.textStorage.methods`).
enum RequestMethod: String, CaseIterable, Sendable {
    case initialize
    case shutdown
    case attributes = "textStorage/attributes"
    case lineBreaks = "textStorage/lineBreaks"
    case layout = "textStorage/layout"
    case edit = "textStorage/edit"
    case adjustSelection = "textStorage/adjustSelection"
    case convert = "textStorage/convert"
    case export = "textStorage/export"
    case language = "textStorage/language"
    case inspect = "textStorage/inspect"
    case matchBracket = "textStorage/matchBracket"
    case semanticTokensFull = "textDocument/semanticTokens/full"
    case semanticTokensDelta = "textDocument/semanticTokens/full/delta"
    case semanticTokensRange = "textDocument/semanticTokens/range"
    case documentLink = "textDocument/documentLink"
    case foldingRange = "textDocument/foldingRange"
}

/// The notifications the daemon acts on, by their names on the wire; others are ignored, as
/// LSP asks. `Server.notification` switches over every case.
enum NotificationMethod: String, CaseIterable, Sendable {
    case initialized
    case exit
    case didOpen = "textDocument/didOpen"
    case didChange = "textDocument/didChange"
    case didClose = "textDocument/didClose"
    case didSave = "textDocument/didSave"
    case edit = "textStorage/edit"
    case viewport = "textStorage/viewport"
    case didChangeConfiguration = "workspace/didChangeConfiguration"
    case cancelRequest = "$/cancelRequest"
}

extension Server {
    /// The `textStorage/` methods, for `capabilities.experimental.textStorage.methods`: what a
    /// plugin may call, derived from the same lists the dispatch switches over.
    static var textStorageMethods: JSONValue {
        let prefix = "textStorage/"
        return [
            "requests": .array(
                RequestMethod.allCases.map(\.rawValue).filter { $0.hasPrefix(prefix) }.map { .string($0) }),
            "notifications": .array(
                NotificationMethod.allCases.map(\.rawValue).filter { $0.hasPrefix(prefix) }.map {
                    .string($0)
                }),
        ]
    }
}
