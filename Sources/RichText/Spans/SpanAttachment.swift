/// What a shortcode such as `[赞]` or `:thumbsup:` is shown as: an image, a replacement text,
/// or both (the comment-box design: `[赞]` is saved, 👍 or `like.png` is shown).
public struct SpanAttachment: Hashable, Sendable {
    /// The image's name or URL, if it has one.
    public var image: String?
    /// The text shown instead of the shortcode, if any; with only an image the display text
    /// holds U+FFFC OBJECT REPLACEMENT CHARACTER, as NSTextAttachment does.
    public var text: String?

    /// Creates an attachment.
    public init(image: String? = nil, text: String? = nil) {
        self.image = image
        self.text = text
    }

    /// The text that stands for the attachment in display text.
    public var displayText: String { text ?? "\u{FFFC}" }
}
