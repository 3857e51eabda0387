import DocumentStorage
import JSONRPC
import TextRope
import TextSegmentation

extension Server {
    /// `textStorage/attributes`: the syntax runs, links and spans over a range (default: the whole
    /// document), for a full resync.
    func attributes(_ params: Params) throws(ResponseError) -> JSONValue {
        let document = try document(params.string("uri"))
        let text = document.storage.text
        let range = try utf8Range(params, in: text)
        let measure = UnitMeasure(text: text, unit: encoding)
        let runs = document.storage.syntaxRuns(in: range)
        let lengths = measure.lengths(of: runs.map(\.length), from: range.lowerBound)
        let lower = measure.offset(range.lowerBound)
        return [
            "version": .integer(document.version),
            "pending": .bool(document.hasPendingWork),
            "range": [
                "offset": .integer(lower), "length": .integer(measure.offset(range.upperBound) - lower),
            ],
            "runs": .array(zip(lengths, runs).map { [.integer($0), .integer(Int($1.value.rawValue))] }),
            "links": linksJSON(document.storage.links(in: range), measure: measure),
            "spans": spansJSON(document.storage.spans(in: range), measure: measure),
            "styles": styleDefinitions(newIn: Set(runs.map(\.value)), all: true),
        ]
    }

    /// `textStorage/lineBreaks`: soft-wrap offsets per line, never inside a link.
    func lineBreaks(_ params: Params) throws(ResponseError) -> JSONValue {
        let document = try document(params.string("uri"))
        let startLine = try params.int("startLine", atLeast: 0)
        let lineCount = try params.int("lineCount", atLeast: 0)
        let width = try params.int("width", atLeast: 1)
        let tabWidth = try params.int("tabWidth", atLeast: 1, default: 8)
        // Column arithmetic adds widths; these caps keep every sum far from overflow.
        guard width <= Self.maximumWrapWidth else {
            throw .invalidParams("width must be at most \(Self.maximumWrapWidth)")
        }
        guard tabWidth <= Self.maximumTabWidth else {
            throw .invalidParams("tabWidth must be at most \(Self.maximumTabWidth)")
        }
        let text = document.storage.text
        guard startLine < text.lineCount else { throw .invalidParams("startLine: no such line") }
        let breaker = LineBreaker(configuration: .init(tabWidth: tabWidth))
        var lines: [JSONValue] = []
        for line in startLine..<(startLine + min(lineCount, text.lineCount - startLine)) {
            guard let bounds = try? text.lineBounds(line) else { break }
            let content = text.substring(bounds.start..<bounds.contentEnd)
            let breaks = breaker.breaks(
                inParagraph: bounds.start..<bounds.contentEnd, of: document.storage, columns: width)
            let offsets: [JSONValue] = breaks.map { utf16 in
                let utf8 = TextOffsets.utf8Offset(fromUTF16: utf16, in: content)
                return .integer(
                    text.offset(fromUTF8: bounds.start + utf8, to: encoding)
                        - text.offset(fromUTF8: bounds.start, to: encoding))
            }
            lines.append(["line": .integer(line), "breaks": .array(offsets)])
        }
        return ["version": .integer(document.version), "lines": .array(lines)]
    }

    /// The widest wrap width `textStorage/lineBreaks` accepts, in columns.
    static let maximumWrapWidth = 1 << 20
    /// The widest tab stop `textStorage/lineBreaks` accepts, in columns.
    static let maximumTabWidth = 1 << 10

    /// `textDocument/documentLink`: the link layer as LSP document links.
    func documentLinks(_ params: Params) throws(ResponseError) -> JSONValue {
        let document = try document(params.string("textDocument.uri"))
        let text = document.storage.text
        let links = document.storage.links(in: 0..<text.utf8Count)
        return .array(
            links.map { span in
                [
                    "range": [
                        "start": position(text.linePosition(ofUTF8: span.range.lowerBound, unit: encoding)),
                        "end": position(text.linePosition(ofUTF8: span.range.upperBound, unit: encoding)),
                    ],
                    "target": .string(span.link.target),
                ]
            })
    }

    private func position(_ position: LinePosition) -> JSONValue {
        ["line": .integer(position.line), "character": .integer(position.character)]
    }
}
