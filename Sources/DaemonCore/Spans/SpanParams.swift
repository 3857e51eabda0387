import DocumentStorage
import JSONRPC
import RichText
import TextRope

/// `textStorage/adjustSelection`: a selection (UTF-8) and the direction it was moving in.
struct AdjustSelectionParams {
    let document: DocumentSession
    let selection: Range<UTF8Offset>
    let direction: SelectionDirection

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        let range = try UnitRange(params, at: "selection")
        let name = try params.optionalString("direction") ?? SelectionDirection.forward.rawValue
        guard let direction = SelectionDirection(rawValue: name) else {
            throw .invalidParams("direction must be \"forward\" or \"backward\"")
        }
        self.direction = direction
        selection = try range.utf8Range(in: document.storage.text, unit: server.encoding, field: "selection")
    }
}

/// `textStorage/convert`: a range of the document (UTF-8) and which way to convert.
struct ConvertParams {
    enum Target {
        /// The display text of the range, shortcodes shown as attachments.
        case display
        /// The plain text of a display text the client sends back (nil: of the range).
        case plain(DisplayText?)
    }

    let document: DocumentSession
    let range: Range<UTF8Offset>
    let target: Target

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        range = try params.utf8Range(in: document.storage.text, unit: server.encoding)
        switch try params.string("to") {
        case "display":
            target = .display
        case "plain":
            guard params.optional("display") != nil else {
                target = .plain(nil)
                return
            }
            target = .plain(try Self.displayText(try params.object("display"), unit: server.encoding))
        default:
            throw .invalidParams("to must be \"display\" or \"plain\"")
        }
    }

    /// A display text a client sends back: `{text, attachments: [{offset, length, shortcode}]}`
    /// in `unit` of that text.
    private static func displayText(_ display: Params, unit: TextUnit) throws(ResponseError) -> DisplayText {
        let text = try display.string("text")
        let buffer = TextBuffer(text)
        var attachments: [DisplayAttachment] = []
        var end: UTF8Offset = 0
        for (index, value) in try display.array("attachments").enumerated() {
            let attachment = Params(value)
            do throws(ResponseError) {
                let range = try UnitRange(members: attachment)
                let shortcode = try attachment.string("shortcode")
                let displayRange = try range.utf8Range(in: buffer, unit: unit, field: "offset")
                guard displayRange.lowerBound >= end else {
                    throw .invalidParams("overlaps the attachment before it")
                }
                end = displayRange.upperBound
                attachments.append(
                    DisplayAttachment(
                        displayRange: displayRange, plainRange: 0..<0, shortcode: shortcode,
                        attachment: SpanAttachment()))
            } catch {
                throw .invalidParams("display.attachments[\(index)].\(error.message)")
            }
        }
        return DisplayText(text: text, attachments: attachments)
    }
}

/// `textStorage/export`: the format to export in (only `formattable-content` today).
struct ExportParams {
    let document: DocumentSession

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        guard try params.string("format") == "formattable-content" else {
            throw .invalidParams("format must be \"formattable-content\"")
        }
    }
}
