import DocumentStorage
import JSONRPC
import RichText
import TextRope

extension Server {
    /// `textStorage/export` with `format: "formattable-content"`: the document's text and its
    /// spans and links as FormattableContent ranges, in document order, UTF-16 indices.
    func export(_ params: ExportParams) -> FormattableContent {
        let storage = params.document.storage
        let whole = storage.text.utf8Range
        let spans = storage.spans(in: whole)
        // Detected links a span already covers (a given `link` range) are not repeated. Both
        // lists are in document order and each disjoint, so one walk finds them.
        var spanIndex = 0
        let links = storage.links(in: whole).filter { link in
            while spanIndex < spans.count, spans[spanIndex].range.upperBound <= link.range.lowerBound {
                spanIndex += 1
            }
            return !(spanIndex < spans.count && spans[spanIndex].range.overlaps(link.range))
        }
        var ranges: [(UTF8Offset, FormattableRange)] = links.map { link in
            (
                link.range.lowerBound,
                FormattableRange(
                    type: "link", indices: Self.utf16(link.range, of: storage.text),
                    fields: ["url": .string(link.link.target)])
            )
        }
        for span in spans {
            var fields = span.attribute.data
            if span.attribute.isAtomic { fields["atomic"] = true }
            if span.attribute.isUnbreakable { fields["unbreakable"] = true }
            ranges.append(
                (
                    span.range.lowerBound,
                    FormattableRange(
                        type: span.attribute.kind, indices: Self.utf16(span.range, of: storage.text),
                        fields: fields)
                ))
        }
        let sorted = ranges.sorted { $0.0 < $1.0 }.map(\.1)
        return FormattableContent(text: storage.string, ranges: sorted)
    }

    /// What `textDocument/didOpen` opens: `textDocument.text`, or the text and given spans of
    /// `textDocument.formattableContent`, with warnings for the ranges skipped.
    static func openedContent(_ params: Params) throws(ResponseError) -> (String, [Span], [String]) {
        let path = "textDocument.formattableContent"
        guard let json = params.optional(path) else {
            return (try params.string("textDocument.text"), [], [])
        }
        var skipped: [FormattableContentError] = []
        let content: FormattableContent
        do {
            content = try FormattableContent(json: json, path: path, warnings: &skipped)
        } catch {
            throw .invalidParams(error.description)
        }
        var warnings = skipped.map { "\($0.path): \($0.message); skipped" }
        let given = givenSpans(content, path: path, warnings: &warnings)
        return (content.text, given, warnings)
    }

    /// The spans a `formattableContent` open gives, from its ranges; ranges that cannot be
    /// spans (empty, or overlapping an earlier one) are skipped and reported in `warnings`.
    static func givenSpans(_ content: FormattableContent, path: String, warnings: inout [String]) -> [Span] {
        let text = TextBuffer(content.text)
        // Each range in UTF-8, or why it cannot be a span; then, in order, the ones that fit.
        let converted = content.ranges.map { range -> Result<Range<UTF8Offset>, TextPositionError>? in
            guard !range.indices.isEmpty else { return nil }
            do throws(TextPositionError) {
                // The storage refuses offsets between `\r` and `\n`, so a span may not end there.
                return .success(try text.utf8Range(of: Range(units: range.indices)))
            } catch {
                return .failure(error)
            }
        }
        var covered = CoveredPositions(
            boundaries: converted.flatMap { result -> [Int] in
                guard case .success(let range)? = result else { return [] }
                return [range.lowerBound.rawValue, range.upperBound.rawValue]
            })
        var spans: [Span] = []
        for (index, (range, result)) in zip(content.ranges, converted).enumerated() {
            let name = "\(path).ranges[\(index)] (\(range.type))"
            let utf8: Range<UTF8Offset>
            switch result {
            case nil:
                warnings.append("\(name): empty ranges cannot be spans; skipped")
                continue
            case .failure(let error)?:
                warnings.append("\(name): \(error); skipped")
                continue
            case .success(let range)?:
                utf8 = range
            }
            guard !covered.overlaps(utf8.bytes) else {
                warnings.append("\(name): overlaps an earlier range (spans never overlap); skipped")
                continue
            }
            covered.cover(utf8.bytes)
            var data: [String: JSONValue] = [:]
            for (key, value) in range.fields where key != "atomic" && key != "unbreakable" {
                switch value {
                case .string, .integer, .double, .bool:
                    data[key] = value
                case .null:
                    continue
                case .array, .object:
                    warnings.append("\(name): field \(key) is not a scalar; left out")
                }
            }
            let attribute = SpanAttribute(
                kind: range.type, data: data, isAtomic: range.fields["atomic"]?.boolValue ?? false,
                isUnbreakable: range.fields["unbreakable"]?.boolValue ?? false, isGiven: true)
            spans.append(Span(range: utf8, attribute: attribute))
        }
        return spans
    }

    /// A UTF-8 range as UTF-16 indices, as FormattableContent counts.
    private static func utf16(_ range: Range<UTF8Offset>, of text: TextBuffer) -> Range<Int> {
        text.utf16Range(of: range).units
    }
}

/// FormattableContent encodes itself (`RichText`), as `textStorage/export` answers it.
extension FormattableContent: WireEncodable {}
