/// A stretch of rendered FormattableContent with one set of attributes: what the ANSI and
/// HTML writers turn into escapes or elements.
public struct StyledSegment: Hashable, Sendable {
    /// The text (for an attachment, the shortcode it stands for).
    public var text: String
    /// The attributes in force.
    public var attributes: TextAttributes
    /// Where the text links to, if a range over it has a `url`.
    public var url: String?
    /// For a shortcode range with `image` or `text`: what is shown instead of `text`.
    public var attachment: SpanAttachment?

    /// Creates a segment.
    public init(
        text: String, attributes: TextAttributes, url: String? = nil, attachment: SpanAttachment? = nil
    ) {
        self.text = text
        self.attributes = attributes
        self.url = url
        self.attachment = attachment
    }
}
