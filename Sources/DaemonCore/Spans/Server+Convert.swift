import DocumentStorage
import JSONRPC
import RichText
import TextRope

extension Server {
    /// `textStorage/convert`: the display text of a range (shortcodes shown as attachments) with
    /// its attachments, or plain text back from a display text.
    func convert(_ params: ConvertParams) -> ConvertResult {
        let (document, range) = (params.document, params.range)
        let text = document.storage.text
        switch params.target {
        case .display:
            let spans = document.storage.wholeSpans(overlapping: range).filter {
                range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= range.upperBound
            }
            let display = DisplayText(
                plain: text.substring(range), spans: spans, plainOffset: range.lowerBound)
            let displayMeasure = UnitMeasure(text: TextBuffer(display.text), unit: encoding)
            let plainMeasure = UnitMeasure(text: text, unit: encoding)
            return .display(
                version: document.version, text: display.text,
                attachments: display.attachments.map {
                    WireAttachment($0, display: displayMeasure, plain: plainMeasure)
                })
        case .plain(let display):
            return .plain(version: document.version, text: display?.plainText ?? text.substring(range))
        }
    }
}

/// What `textStorage/convert` answers: a display text with its attachments, or plain text.
enum ConvertResult: WireEncodable {
    case display(version: Int, text: String, attachments: [WireAttachment])
    case plain(version: Int, text: String)

    var json: JSONValue {
        switch self {
        case .display(let version, let text, let attachments):
            ["version": .integer(version), "text": .string(text), "attachments": attachments.json]
        case .plain(let version, let text):
            ["version": .integer(version), "text": .string(text)]
        }
    }
}

/// An attachment of a display text as `{offset, length, plainOffset, plainLength, shortcode,
/// image?, text?}`: display offsets in the display text, plain offsets in the document, both
/// in the negotiated unit.
struct WireAttachment: WireEncodable {
    let shown: UnitRange
    let plain: UnitRange
    let shortcode: String
    let image: String?
    let text: String?

    init(_ attachment: DisplayAttachment, display: UnitMeasure, plain: UnitMeasure) {
        shown = UnitRange(utf8: attachment.displayRange, measure: display)
        self.plain = UnitRange(utf8: attachment.plainRange, measure: plain)
        shortcode = attachment.shortcode
        image = attachment.attachment.image
        text = attachment.attachment.text
    }

    var json: JSONValue {
        var object: [String: JSONValue] = [
            "offset": .integer(shown.offset), "length": .integer(shown.length),
            "plainOffset": .integer(plain.offset), "plainLength": .integer(plain.length),
            "shortcode": .string(shortcode),
        ]
        if let image { object["image"] = .string(image) }
        if let text { object["text"] = .string(text) }
        return .object(object)
    }
}
