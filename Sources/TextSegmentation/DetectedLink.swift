/// A link found in a line of text by a ``LinkDetector``.
public struct DetectedLink: Hashable, Sendable {
    /// How the link was written.
    public enum Kind: Hashable, Sendable {
        /// A URL with its scheme: `https://example.com/a`, `mailto:someone@example.com`.
        case url
        /// A protocol-relative URL: `//example.com/a`; its target gets `http:`.
        case protocolRelative
        /// A host without a scheme: `www.example.com`, `example.com/a`, `192.168.1.1`; its
        /// target gets `http://`.
        case host
        /// An e-mail address without a scheme: `someone@example.com`; its target gets `mailto:`.
        case emailAddress
    }

    /// Where the link is in the line, in UTF-8 bytes from the line's start. Use
    /// ``utf16Range(in:)`` for UTF-16 offsets.
    public var utf8Range: Range<Int>

    /// The URL the link opens: its text, with `http://`, `http:` or `mailto:` added when the
    /// text has no scheme.
    public var target: String

    /// How the link was written.
    public var kind: Kind

    /// Makes a link from its UTF-8 range, target and kind.
    public init(utf8Range: Range<Int>, target: String, kind: Kind) {
        self.utf8Range = utf8Range
        self.target = target
        self.kind = kind
    }
}
