import DocumentStorage
import JSONRPC
import RichText
import TextRope

extension Server {
    /// `textStorage/convert`: the display text of a range (shortcodes shown as attachments) with
    /// its attachments, or plain text back from a display text.
    func convert(_ params: Params) throws(ResponseError) -> JSONValue {
        let document = try document(params.string("uri"))
        let text = document.storage.text
        let range = try utf8Range(params, in: text)
        switch try params.string("to") {
        case "display":
            let spans = document.storage.wholeSpans(overlapping: range).filter {
                range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= range.upperBound
            }
            let display = DisplayText(
                plain: text.substring(range), spans: spans, plainOffset: range.lowerBound)
            return displayJSON(display, document: document)
        case "plain":
            guard params.optional("display") != nil else {
                return ["version": .integer(document.version), "text": .string(text.substring(range))]
            }
            let display = try displayText(try params.object("display"))
            return ["version": .integer(document.version), "text": .string(display.plainText)]
        default:
            throw .invalidParams("to must be \"display\" or \"plain\"")
        }
    }

    /// A display text as `{text, attachments: [{offset, length, plainOffset, plainLength,
    /// shortcode, image?, text?}]}`: display offsets in the display text, plain offsets in the
    /// document, both in the negotiated unit.
    private func displayJSON(_ display: DisplayText, document: Document) -> JSONValue {
        let displayMeasure = UnitMeasure(text: TextBuffer(display.text), unit: encoding)
        let plainMeasure = UnitMeasure(text: document.storage.text, unit: encoding)
        let attachments: [JSONValue] = display.attachments.map { attachment in
            let shown = displayMeasure.range(attachment.displayRange)
            let plain = plainMeasure.range(attachment.plainRange)
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

    /// A display text a client sends back: `{text, attachments: [{offset, length, shortcode}]}`
    /// in the negotiated unit of that text.
    private func displayText(_ display: Params) throws(ResponseError) -> DisplayText {
        let text = try display.string("text")
        let buffer = TextBuffer(text)
        var attachments: [DisplayAttachment] = []
        var end = 0
        for (index, value) in try display.array("attachments").enumerated() {
            let field = "display.attachments[\(index)]"
            let attachment = Params(value)
            do throws(ResponseError) {
                let offset = try attachment.int("offset", atLeast: 0)
                let length = try attachment.int("length", atLeast: 0)
                guard offset <= Int.max - length else { throw .invalidParams("offset + length is too large") }
                let shortcode = try attachment.string("shortcode")
                let lower: Int
                let upper: Int
                do throws(TextPositionError) {
                    lower = try buffer.utf8Offset(offset, in: encoding)
                    upper = try buffer.utf8Offset(offset + length, in: encoding)
                } catch {
                    throw .invalidParams("offset: \(error)")
                }
                guard lower >= end else { throw .invalidParams("overlaps the attachment before it") }
                end = upper
                attachments.append(
                    DisplayAttachment(
                        displayRange: lower..<upper, plainRange: 0..<0, shortcode: shortcode,
                        attachment: SpanAttachment()))
            } catch {
                throw .invalidParams("\(field).\(error.message)")
            }
        }
        return DisplayText(text: text, attachments: attachments)
    }
}
