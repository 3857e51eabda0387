import GrammarEngine
import ThemeEngine

/// A detected link to report with rendered tokens.
public struct RenderedLink: Hashable, Sendable {
    /// The bytes of the document's UTF-8 text the link covers.
    public var range: Range<Int>
    /// Where the link points (a URL or an address as detected).
    public var target: String

    /// Creates a link.
    public init(range: Range<Int>, target: String) {
        self.range = range
        self.target = target
    }
}
