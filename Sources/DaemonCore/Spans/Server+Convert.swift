import DocumentStorage
import JSONRPC
import RichText
import TextRope

extension Server {
    /// `textStorage/convert`: the display text of a range (shortcodes shown as attachments) with
    /// its attachments, or plain text back from a display text.
    func convert(_ params: ConvertParams) -> JSONValue {
        let (document, range) = (params.document, params.range)
        let text = document.storage.text
        switch params.target {
        case .display:
            let spans = document.storage.wholeSpans(overlapping: range).filter {
                range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= range.upperBound
            }
            let display = DisplayText(
                plain: text.substring(range), spans: spans, plainOffset: range.lowerBound)
            return displayJSON(display, document: document)
        case .plain(let display):
            return [
                "version": .integer(document.version),
                "text": .string(display?.plainText ?? text.substring(range)),
            ]
        }
    }

    /// A display text as `{text, attachments: [{offset, length, plainOffset, plainLength,
    /// shortcode, image?, text?}]}`: display offsets in the display text, plain offsets in the
    /// document, both in the negotiated unit.
    private func displayJSON(_ display: DisplayText, document: DocumentSession) -> JSONValue {
        let displayMeasure = UnitMeasure(text: TextBuffer(display.text), unit: encoding)
        let plainMeasure = UnitMeasure(text: document.storage.text, unit: encoding)
        let attachments: [JSONValue] = display.attachments.map { attachment in
            let shown = UnitRange(utf8: attachment.displayRange, measure: displayMeasure)
            let plain = UnitRange(utf8: attachment.plainRange, measure: plainMeasure)
            var object: [String: JSONValue] = [
                "offset": .integer(shown.offset), "length": .integer(shown.length),
                "plainOffset": .integer(plain.offset), "plainLength": .integer(plain.length),
                "shortcode": .string(attachment.shortcode),
            ]
            if let image = attachment.attachment.image { object["image"] = .string(image) }
            if let text = attachment.attachment.text { object["text"] = .string(text) }
            return .object(object)
        }
        return [
            "version": .integer(document.version), "text": .string(display.text),
            "attachments": .array(attachments),
        ]
    }
}
