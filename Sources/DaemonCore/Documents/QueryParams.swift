import JSONRPC
import TextRope

/// `textStorage/attributes`: a document and the UTF-8 range its optional `range` names
/// (the whole text without one).
struct AttributesParams {
    let document: DocumentSession
    let range: Range<UTF8Offset>

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        range = try params.utf8Range(in: document.storage.text, unit: server.encoding)
    }
}

/// `textStorage/lineBreaks`: the lines to wrap and the columns to wrap them in.
struct LineBreaksParams {
    let document: DocumentSession
    /// Existing lines only: `startLine` is checked, the count clamped to the text.
    let lines: Range<LineIndex>
    let width: Int
    let tabWidth: Int

    /// The widest wrap width accepted, in columns.
    static let maximumWidth = 1 << 20
    /// The widest tab stop accepted, in columns.
    static let maximumTabWidth = 1 << 10

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        let startLine = try params.int("startLine", atLeast: 0)
        let lineCount = try params.int("lineCount", atLeast: 0)
        width = try params.int("width", atLeast: 1)
        tabWidth = try params.int("tabWidth", atLeast: 1, default: 8)
        // Column arithmetic adds widths; these caps keep every sum far from overflow.
        guard width <= Self.maximumWidth else {
            throw .invalidParams("width must be at most \(Self.maximumWidth)")
        }
        guard tabWidth <= Self.maximumTabWidth else {
            throw .invalidParams("tabWidth must be at most \(Self.maximumTabWidth)")
        }
        let available = document.storage.text.lineCount
        guard startLine < available else { throw .invalidParams("startLine: no such line") }
        lines = LineIndex(startLine)..<LineIndex(startLine + min(lineCount, available - startLine))
    }
}

/// `textStorage/language`: a document, and optionally the UTF-8 offset of a `position` in it.
struct LanguageParams {
    let document: DocumentSession
    let offset: UTF8Offset?

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "textDocument.uri", in: server)
        guard params.optional("position") != nil else {
            offset = nil
            return
        }
        offset = try params.utf8Offset(
            of: LinePosition(params, at: "position"), in: document.storage.text,
            unit: server.encoding, field: "position")
    }
}

extension Params {
    /// The UTF-8 range of `text` that the optional `range` member (`{offset, length}` in
    /// `unit`) names, or the whole text without one; -32602 naming `range` when it lies
    /// outside the text or inside a character.
    func utf8Range(in text: TextBuffer, unit: TextUnit) throws(ResponseError) -> Range<UTF8Offset> {
        guard optional("range") != nil else { return text.utf8Range }
        return try UnitRange(self, at: "range").utf8Range(in: text, unit: unit, field: "range")
    }

    /// The UTF-8 offset of an LSP position of `text` in `unit`; -32602 naming `field` when it
    /// lies outside the text or inside a character.
    func utf8Offset(
        of position: LinePosition, in text: TextBuffer, unit: TextUnit, field: String
    ) throws(ResponseError) -> UTF8Offset {
        do throws(TextPositionError) {
            return try text.utf8Offset(of: position, unit: unit)
        } catch {
            throw .invalidParams("\(field): \(error)")
        }
    }
}
