/// What a shortcode such as `[赞]` or `:thumbsup:` is shown as: an image, a replacement text,
/// or both (the comment-box design: `[赞]` is saved, 👍 or `like.png` is shown).
public struct SpanAttachment: Hashable, Sendable {
    /// The longest `image` or `text` accepted, in UTF-8 bytes. Every span of a shortcode
    /// carries its attachment in every push, so a 100 KB attachment typed 1,000 times made a
    /// 100 MB push; with this cap a span adds at most 4 KiB to a push.
    public static let maximumLength = 2_048
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
