import TextRope

/// The attribute changes of one transaction (or one background update).
///
/// Each change replaces the syntax runs, the links, the spans and the brackets over its range, in post-edit UTF-8
/// offsets. Applying the changes in order to the pre-edit attributes, mapped through the
/// edits, gives the post-edit attributes.
public struct AttributeDelta: Hashable, Sendable {
    /// Disjoint changes in increasing offset order.
    public var changes: [AttributeChange]

    /// Creates a delta.
    public init(changes: [AttributeChange]) { self.changes = changes }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }
}

/// The attributes over one range after a transaction.
public struct AttributeChange: Hashable, Sendable {
    /// Post-edit UTF-8 range whose attributes this change replaces.
    public var range: Range<UTF8Offset>
    /// The syntax runs covering exactly `range`.
    public var syntaxRuns: [AttributeRun<StyleID>]
    /// The links inside `range` (a link overlapping its ends is clipped to it).
    public var links: [LinkSpan]
    /// The spans of the span layer inside `range` (clipped to it, like links).
    public var spans: [Span]
    /// The brackets of the bracket layer inside `range`.
    public var brackets: [BracketSpan]

    /// Creates a change.
    public init(
        range: Range<UTF8Offset>, syntaxRuns: [AttributeRun<StyleID>], links: [LinkSpan], spans: [Span] = [],
        brackets: [BracketSpan] = []
    ) {
        self.range = range
        self.syntaxRuns = syntaxRuns
        self.links = links
        self.spans = spans
        self.brackets = brackets
    }
}
