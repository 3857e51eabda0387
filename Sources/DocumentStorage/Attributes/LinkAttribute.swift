import TextRope

/// What the link layer stores over the text of a detected link.
public struct LinkAttribute: Hashable, Sendable {
    /// Distinguishes adjacent links with the same target; unique within a storage.
    public var id: Int
    /// The normalized target (`http://` added to bare domains, `mailto:` to e-mail addresses).
    public var target: String
    /// Whether line breaking must keep the link on one line.
    public var isUnbreakable: Bool

    /// Creates a link attribute.
    public init(id: Int, target: String, isUnbreakable: Bool = true) {
        self.id = id
        self.target = target
        self.isUnbreakable = isUnbreakable
    }
}

/// A link and where it lies (UTF-8 offsets of the storage's text).
public struct LinkSpan: Hashable, Sendable {
    /// The linked text.
    public var range: Range<UTF8Offset>
    /// The link.
    public var link: LinkAttribute

    /// Creates a link span.
    public init(range: Range<UTF8Offset>, link: LinkAttribute) {
        self.range = range
        self.link = link
    }
}
