import TextRope

/// One attachment of a display text: where it stands in the display text and in the plain
/// text, and what it shows. The pair of ranges is the offset map: between attachments,
/// display and plain offsets differ by the lengths the earlier attachments changed.
public struct DisplayAttachment: Hashable, Sendable {
    /// Where the attachment's text (its `text`, or U+FFFC) lies in the display text (UTF-8).
    public var displayRange: Range<UTF8Offset>
    /// Where the shortcode lies in the plain text (UTF-8).
    public var plainRange: Range<UTF8Offset>
    /// The shortcode the plain text holds (`[赞]`).
    public var shortcode: String
    /// What is shown.
    public var attachment: SpanAttachment

    /// Creates an attachment record.
    public init(
        displayRange: Range<UTF8Offset>, plainRange: Range<UTF8Offset>, shortcode: String,
        attachment: SpanAttachment
    ) {
        self.displayRange = displayRange
        self.plainRange = plainRange
        self.shortcode = shortcode
        self.attachment = attachment
    }
}
