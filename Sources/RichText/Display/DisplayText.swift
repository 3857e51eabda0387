import DocumentStorage
import TextRope

/// Text as a comment box shows it: each shortcode span replaced by its attachment's text (or
/// U+FFFC OBJECT REPLACEMENT CHARACTER for an image alone), while the saved text stays plain.
///
/// The conversion is exact both ways: `plainText` rebuilds the plain text byte for byte, since
/// the attachments remember their shortcodes and every other byte is copied unchanged.
public struct DisplayText: Hashable, Sendable {
    /// The display text.
    public var text: String
    /// The attachments, in order.
    public var attachments: [DisplayAttachment]

    /// Creates a display text from its parts.
    public init(text: String, attachments: [DisplayAttachment]) {
        self.text = text
        self.attachments = attachments
    }

    /// The display text of `plain`, whose shortcode spans (UTF-8 ranges of `plain`, as the span
    /// layer holds them, shifted by `-plainOffset`) become attachments. Plain ranges in the
    /// result are offset by `plainOffset` again, so they name places in the document.
    public init(plain: String, spans: [Span], plainOffset: UTF8Offset = 0) {
        let bytes = Array(plain.utf8)
        var output: [UInt8] = []
        var attachments: [DisplayAttachment] = []
        var position = 0
        for span in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let range = (span.range.lowerBound - plainOffset)..<(span.range.upperBound - plainOffset)
            guard let attachment = Self.attachment(of: span.attribute), range.lowerBound >= position,
                range.upperBound <= bytes.count
            else { continue }
            output += bytes[position..<range.lowerBound]
            let shown = Array(attachment.displayText.utf8)
            attachments.append(
                DisplayAttachment(
                    displayRange: Range(bytes: output.count..<(output.count + shown.count)),
                    plainRange: span.range,
                    shortcode: String(decoding: bytes[range], as: UTF8.self), attachment: attachment))
            output += shown
            position = range.upperBound
        }
        output += bytes[position...]
        self.init(text: String(decoding: output, as: UTF8.self), attachments: attachments)
    }

    /// The plain text: each attachment replaced by its shortcode.
    public var plainText: String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var position = 0
        for attachment in attachments.sorted(by: { $0.displayRange.lowerBound < $1.displayRange.lowerBound })
        {
            let range = attachment.displayRange.bytes
            guard range.lowerBound >= position, range.upperBound <= bytes.count else { continue }
            output += bytes[position..<range.lowerBound]
            output += Array(attachment.shortcode.utf8)
            position = range.upperBound
        }
        output += bytes[position...]
        return String(decoding: output, as: UTF8.self)
    }

    /// The attachment a span shows: a `shortcode` span with `image` or `text` data.
    static func attachment(of attribute: SpanAttribute) -> SpanAttachment? {
        guard attribute.kind == "shortcode" else { return nil }
        let attachment = SpanAttachment(
            image: attribute.data["image"]?.stringValue, text: attribute.data["text"]?.stringValue)
        return attachment.image == nil && attachment.text == nil ? nil : attachment
    }
}
