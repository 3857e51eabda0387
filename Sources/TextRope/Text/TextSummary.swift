/// What the text rope keeps per node: lengths in every unit and line breaks.
///
/// A line break is `\n`, `\r\n` or a lone `\r`. Chunks may split a `\r\n` pair, so the summary
/// remembers whether it starts with `\n` and ends with `\r`, and combining two summaries
/// counts such a pair once. That keeps `combined(with:)` associative.
public struct TextSummary: RopeSummary, Hashable {
    /// Length in UTF-8 bytes.
    public var utf8: Int
    /// Length in UTF-16 code units.
    public var utf16: Int
    /// Length in Unicode scalars (UTF-32 code units).
    public var scalars: Int
    /// Line breaks; a `\r` at the very end counts as one until a `\n` follows it.
    public var lineBreaks: Int
    /// The first byte is `\n`.
    public var startsWithLineFeed: Bool
    /// The last byte is `\r`.
    public var endsWithCarriageReturn: Bool

    /// Creates a summary from its fields.
    public init(
        utf8: Int, utf16: Int, scalars: Int, lineBreaks: Int, startsWithLineFeed: Bool,
        endsWithCarriageReturn: Bool
    ) {
        self.utf8 = utf8
        self.utf16 = utf16
        self.scalars = scalars
        self.lineBreaks = lineBreaks
        self.startsWithLineFeed = startsWithLineFeed
        self.endsWithCarriageReturn = endsWithCarriageReturn
    }

    /// The summary of no text.
    public static let zero = TextSummary(
        utf8: 0, utf16: 0, scalars: 0, lineBreaks: 0, startsWithLineFeed: false, endsWithCarriageReturn: false
    )

    /// This text followed by `other`.
    public func combined(with other: TextSummary) -> TextSummary {
        if utf8 == 0 { return other }
        if other.utf8 == 0 { return self }
        let joinedPair = endsWithCarriageReturn && other.startsWithLineFeed
        return TextSummary(
            utf8: utf8 + other.utf8,
            utf16: utf16 + other.utf16,
            scalars: scalars + other.scalars,
            lineBreaks: lineBreaks + other.lineBreaks - (joinedPair ? 1 : 0),
            startsWithLineFeed: startsWithLineFeed,
            endsWithCarriageReturn: other.endsWithCarriageReturn
        )
    }

    /// The length in `unit`.
    public func count(in unit: TextUnit) -> Int {
        switch unit {
        case .utf8: utf8
        case .utf16: utf16
        case .utf32: scalars
        }
    }
}
