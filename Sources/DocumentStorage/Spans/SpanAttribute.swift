import JSONSyntax
import TextRope

/// What a span layer stores over the text of one span: a mention, a shortcode shown as an
/// attachment, a hashtag, or any kind a client defines.
///
/// The value of every unit the span covers, so a span moves with edits like every attribute
/// run. `length` records how many bytes the span covered when it was set: a run of this value
/// that is no longer exactly that long was cut into by an edit (an insertion inside it splits
/// it, a deletion shortens it), which is how a span nobody re-derives from the text (one given
/// by a client) knows it is broken.
public struct SpanAttribute: Hashable, Sendable {
    /// Distinguishes adjacent spans with equal data; unique within a storage.
    public var id: Int
    /// `mention`, `hashtag`, `shortcode`, `link` or a client-defined kind.
    public var kind: String
    /// Data fields (`url`, `id`, `image`, `text`...), sent to clients beside the span: JSON
    /// scalars only (strings, numbers, booleans), like the fields of a FormattableContent
    /// range, so spans stay cheap to compare as run values; the protocol edge leaves the rest
    /// out.
    public var data: [String: JSONValue]
    /// Whether editing treats the span as one character (caret skips it, a backspace deletes it).
    public var isAtomic: Bool
    /// Whether line breaking must keep the span on one line, as it keeps links.
    public var isUnbreakable: Bool
    /// Whether a client gave the span (then it lives until an edit cuts into it) rather than a
    /// span rule (then the rules re-derive it from the text after every edit).
    public var isGiven: Bool
    /// The span's length in UTF-8 bytes when it was set.
    public var length: Int

    /// Creates a span attribute; `id` 0 asks the storage for one.
    public init(
        id: Int = 0, kind: String, data: [String: JSONValue] = [:], isAtomic: Bool = false,
        isUnbreakable: Bool = false, isGiven: Bool = false, length: Int = 0
    ) {
        self.id = id
        self.kind = kind
        self.data = data
        self.isAtomic = isAtomic
        self.isUnbreakable = isUnbreakable
        self.isGiven = isGiven
        self.length = length
    }
}

/// A span and where it lies (UTF-8 offsets of the storage's text).
public struct Span: Hashable, Sendable {
    /// The spanned text.
    public var range: Range<UTF8Offset>
    /// The span.
    public var attribute: SpanAttribute

    /// Creates a span.
    public init(range: Range<UTF8Offset>, attribute: SpanAttribute) {
        self.range = range
        self.attribute = attribute
    }

    /// Whether its run is still exactly as long as when it was set (no edit cut into it).
    public var isIntact: Bool { range.count == attribute.length }
}
