import JSONRPC

/// A request with its params decoded: one case a method, so that the dispatch switch names
/// each method's params type and a method without a handler does not compile.
enum Request {
    case initialize(InitializeParams)
    case shutdown
    case attributes(AttributesParams)
    case lineBreaks(LineBreaksParams)
    case layout(LayoutParams)
    case edit(EditParams)
    case adjustSelection(AdjustSelectionParams)
    case convert(ConvertParams)
    case export(ExportParams)
    case language(LanguageParams)
    case inspect(OffsetParams)
    case matchBracket(OffsetParams)
    case semanticTokensFull(DocumentParams)
    case semanticTokensDelta(SemanticTokensDeltaParams)
    case semanticTokensRange(SemanticTokensRangeParams)
    case documentLink(DocumentParams)
    case foldingRange(DocumentParams)

    /// Decodes `params` for `method`: every field checked once, documents looked up and
    /// offsets converted to UTF-8 against the server's state (-32602 naming the field).
    init(_ method: RequestMethod, _ params: Params, in server: Server) throws(ResponseError) {
        switch method {
        case .initialize: self = .initialize(try InitializeParams(params))
        case .shutdown: self = .shutdown
        case .attributes: self = .attributes(try AttributesParams(params, in: server))
        case .lineBreaks: self = .lineBreaks(try LineBreaksParams(params, in: server))
        case .layout: self = .layout(try LayoutParams(params, in: server))
        case .edit: self = .edit(try EditParams(params, in: server))
        case .adjustSelection: self = .adjustSelection(try AdjustSelectionParams(params, in: server))
        case .convert: self = .convert(try ConvertParams(params, in: server))
        case .export: self = .export(try ExportParams(params, in: server))
        case .language: self = .language(try LanguageParams(params, in: server))
        case .inspect: self = .inspect(try OffsetParams(params, in: server))
        case .matchBracket: self = .matchBracket(try OffsetParams(params, in: server))
        case .semanticTokensFull: self = .semanticTokensFull(try DocumentParams(params, in: server))
        case .semanticTokensDelta:
            self = .semanticTokensDelta(try SemanticTokensDeltaParams(params, in: server))
        case .semanticTokensRange:
            self = .semanticTokensRange(try SemanticTokensRangeParams(params, in: server))
        case .documentLink: self = .documentLink(try DocumentParams(params, in: server))
        case .foldingRange: self = .foldingRange(try DocumentParams(params, in: server))
        }
    }
}

/// A notification with its params decoded (see `Request`).
enum Notification {
    case initialized
    case exit
    case didOpen(DidOpenParams)
    case didChange(DidChangeParams)
    case didClose(DocumentParams)
    case didSave(DocumentParams)
    case edit(EditParams)
    case viewport(ViewportParams)
    case didChangeConfiguration(ConfigurationParams)
    case cancelRequest(CancelParams)

    init(_ method: NotificationMethod, _ params: Params, in server: Server) throws(ResponseError) {
        switch method {
        case .initialized: self = .initialized
        case .exit: self = .exit
        case .didOpen: self = .didOpen(try DidOpenParams(params, defaultSpanRules: server.spanRules))
        case .didChange: self = .didChange(try DidChangeParams(params, in: server))
        case .didClose: self = .didClose(try DocumentParams(params, in: server))
        case .didSave: self = .didSave(try DocumentParams(params, in: server))
        case .edit: self = .edit(try EditParams(params, in: server))
        case .viewport: self = .viewport(try ViewportParams(params, in: server))
        case .didChangeConfiguration: self = .didChangeConfiguration(try ConfigurationParams(params))
        case .cancelRequest: self = .cancelRequest(CancelParams(params))
        }
    }

    /// The document whose text this notification edits, or nil when it edits none: what the
    /// batcher groups queued edits by.
    var editedDocument: DocumentSession? {
        switch self {
        case .didChange(let params): params.document
        case .edit(let params): params.document
        default: nil
        }
    }
}

/// The params of an LSP method that names only an open document (`textDocument.uri`).
struct DocumentParams {
    let document: DocumentSession

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "textDocument.uri", in: server)
    }
}

/// `$/cancelRequest`: the id of the request to cancel (nil when it names none usable).
struct CancelParams {
    let id: RequestID?

    init(_ params: Params) {
        id =
            switch params.optional("id") {
            case .integer(let value)?: .integer(value)
            case .string(let value)?: .string(value)
            default: nil
            }
    }
}

extension Params {
    /// The open document named at `field` (`uri` in the `textStorage/` methods,
    /// `textDocument.uri` in LSP's); -32602 naming the field when it is not open.
    func document(at field: String, in server: Server) throws(ResponseError) -> DocumentSession {
        let uri = try string(field)
        guard let document = server.documents[uri] else {
            throw .invalidParams("\(field): no open document \(uri)")
        }
        return document
    }
}
