import DocumentStorage
import JSONRPC
import TextRope
import TextSegmentation

extension Server {
    /// `textStorage/attributes`: the syntax runs, links and spans over a range (default: the whole
    /// document), for a full resync.
    func attributes(_ params: AttributesParams) -> AttributesResult {
        let (document, range) = (params.document, params.range)
        let measure = UnitMeasure(text: document.storage.text, unit: encoding)
        let runs = document.storage.syntaxRuns(in: range)
        var bracketStyles: [BracketMark: StyleID] = [:]
        let brackets = document.storage.brackets(in: range).map { bracket in
            let style = bracketStyles[bracket.mark] ?? bracketStyle(bracket.mark)
            bracketStyles[bracket.mark] = style
            return WireBracket(bracket, style: style, measure: measure)
        }
        return AttributesResult(
            version: document.version, pending: document.hasPendingWork,
            range: UnitRange(utf8: range, measure: measure),
            runs: WireRuns(runs, from: range.lowerBound, measure: measure),
            links: document.storage.links(in: range).map { WireLink($0, measure: measure) },
            spans: document.storage.spans(in: range).map { WireSpan($0, measure: measure) },
            brackets: brackets,
            styles: styleDefinitions(newIn: Set(runs.map(\.value) + bracketStyles.values), all: true))
    }

    /// `textStorage/lineBreaks`: soft-wrap offsets per line, never inside a link.
    func lineBreaks(_ params: LineBreaksParams) -> LineBreaksResult {
        let document = params.document
        let text = document.storage.text
        let breaker = LineBreaker(configuration: .init(tabWidth: params.tabWidth))
        var lines: [(line: LineIndex, breaks: [Int])] = []
        for line in params.lines {
            guard let bounds = try? text.lineBounds(line) else { break }
            let content = text.substring(bounds.start..<bounds.contentEnd)
            let breaks = breaker.breaks(
                inParagraph: bounds.start..<bounds.contentEnd, of: document.storage, columns: params.width)
            let offsets = breaks.map { utf16 in
                let utf8 = TextOffsets.utf8Offset(fromUTF16: utf16, in: content)
                return text.offset(fromUTF8: bounds.start + utf8, to: encoding)
                    - text.offset(fromUTF8: bounds.start, to: encoding)
            }
            lines.append((line, offsets))
        }
        return LineBreaksResult(version: document.version, lines: lines)
    }

    /// `textDocument/documentLink`: the link layer as LSP document links.
    func documentLinks(_ params: DocumentParams) -> [DocumentLink] {
        let text = params.document.storage.text
        return params.document.storage.links(in: text.utf8Range).map { span in
            DocumentLink(
                range: LineRange(
                    start: text.linePosition(ofUTF8: span.range.lowerBound, unit: encoding),
                    end: text.linePosition(ofUTF8: span.range.upperBound, unit: encoding)),
                target: span.link.target)
        }
    }
}

/// An LSP `DocumentLink`: a range and the target it opens.
struct DocumentLink: WireEncodable {
    let range: LineRange
    let target: String

    var json: JSONValue { ["range": range.json, "target": .string(target)] }
}
