import DocumentStorage
import JSONRPC
import RichText
import TextRope

/// `textDocument/didOpen`: the document's URI, language, version and content (plain text, or
/// FormattableContent with given spans), and its own span rules.
struct DidOpenParams {
    let uri: String
    let languageId: String
    let version: Int
    let text: String
    /// The spans a `formattableContent` open gives.
    let givenSpans: [Span]
    /// The ranges of a `formattableContent` open that could not be spans, said for people.
    let warnings: [String]
    /// `spanRules`, or the ones from `initializationOptions` when it gives none.
    let spanRules: [SpanRule]

    init(_ params: Params, defaultSpanRules: [SpanRule]) throws(ResponseError) {
        _ = try params.object("textDocument")
        uri = try params.string("textDocument.uri")
        (text, givenSpans, warnings) = try Server.openedContent(params)
        version = try params.int("textDocument.version")
        languageId = try params.optionalString("textDocument.languageId") ?? ""
        spanRules = try Server.spanRules(params, field: "spanRules") ?? defaultSpanRules
    }
}

/// `textDocument/didChange`: LSP content changes (ranges in line/character positions of the
/// negotiated encoding, or whole-text replacements), to apply in order as one transaction.
struct DidChangeParams {
    let document: DocumentSession
    let version: Int
    let edits: [PositionEdit]

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "textDocument.uri", in: server)
        version = try params.int("textDocument.version")
        var edits: [PositionEdit] = []
        for (index, change) in try params.array("contentChanges").enumerated() {
            let change = Params(change)
            do throws(ResponseError) {
                let text = try change.string("text")
                let range = change.optional("range") == nil ? nil : try LineRange(change, at: "range")
                edits.append(PositionEdit(range: range.map { ($0.start, $0.end) }, text: text))
            } catch {
                throw .invalidParams("contentChanges[\(index)].\(error.message)")
            }
        }
        self.edits = edits
    }
}

/// `textStorage/edit`: NSRange-style edits in the negotiated encoding, to apply in order as
/// one transaction, and what to do with atomic spans they cut.
struct EditParams {
    let document: DocumentSession
    let version: Int
    /// In the negotiated unit: each is converted against the text the edits before it leave.
    let edits: [TextEdit]
    let atomic: AtomicEditing

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        version = try params.int("version")
        var edits: [TextEdit] = []
        for (index, edit) in try params.array("edits").enumerated() {
            let edit = Params(edit)
            do throws(ResponseError) {
                let range = try UnitRange(members: edit)
                edits.append(
                    TextEdit(location: range.offset, length: range.length, text: try edit.string("text")))
            } catch {
                throw .invalidParams("edits[\(index)].\(error.message)")
            }
        }
        self.edits = edits
        if let name = try params.optionalString("atomic") {
            guard let mode = AtomicEditing(rawValue: name) else {
                throw .invalidParams("atomic must be \"expand\" or \"break\"")
            }
            atomic = mode
        } else {
            atomic = .break
        }
    }
}

/// What `textStorage/edit` answers as a request: the version now held and the edits applied
/// (widened over atomic spans with `"atomic": "expand"`).
struct EditResult: WireEncodable {
    let version: Int
    let applied: [TextEdit]

    var json: JSONValue {
        [
            "version": .integer(version),
            "edits": .array(
                applied.map {
                    [
                        "offset": .integer($0.location), "length": .integer($0.length),
                        "text": .string($0.text),
                    ]
                }),
        ]
    }
}

/// `textStorage/viewport`: a view's visible range, as the lines it touches.
struct ViewportParams {
    let document: DocumentSession
    /// The view's id (`default` when none is given; a number is read as its decimal string).
    let viewId: String
    let lines: Range<LineIndex>

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        switch params.optional("viewId") {
        case nil: viewId = "default"
        case .string(let name)?: viewId = name
        case .integer(let number)?: viewId = String(number)
        default: throw .invalidParams("viewId must be a string or an integer")
        }
        let range = try UnitRange(params, at: "range")
        let text = document.storage.text
        // A view may reach past the end of the text (a window taller than the document).
        let count = text.count(in: server.encoding)
        let clamped = UnitRange(offset: min(range.offset, count), length: 0)
        let end = UnitRange(offset: min(range.offset + range.length, count), length: 0)
        let lower = try clamped.utf8Range(in: text, unit: server.encoding, field: "range").lowerBound
        let upper = try end.utf8Range(in: text, unit: server.encoding, field: "range").lowerBound
        // The highlighter schedules by lines: the lines the range touches.
        lines = text.lineIndex(containingUTF8: lower)..<(text.lineIndex(containingUTF8: upper) + 1)
    }
}

/// `workspace/didChangeConfiguration`: `settings.highlightd` (or `settings` itself), of which
/// the daemon reads `theme`, `grammarPaths` and the extension settings; absent members keep
/// their values.
struct ConfigurationParams {
    let theme: String?
    let grammarPaths: [String]?
    let extensions: ExtensionSettingsChange

    /// Whether the change names nothing of ours.
    var isEmpty: Bool { theme == nil && grammarPaths == nil && extensions.isEmpty }

    init(_ params: Params) throws(ResponseError) {
        let section: Params
        if params.optional("settings.highlightd") != nil {
            section = try params.object("settings.highlightd")
        } else if params.optional("settings")?.objectValue != nil {
            section = try params.object("settings")
        } else {
            // `settings` may be null or anything a client keeps there: nothing of ours.
            (theme, grammarPaths, extensions) = (nil, nil, ExtensionSettingsChange())
            return
        }
        theme = try section.optionalString("theme")
        grammarPaths = try Server.grammarPaths(section, field: "grammarPaths")
        extensions = try ExtensionSettingsChange(section, prefix: "")
    }
}
