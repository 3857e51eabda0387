/// One value of a span's data: what a client attached to it (a link's `url`, a shortcode's
/// `image` and `text`, a FormattableContent range's `siteID`...).
///
/// Flat scalars only, like the fields of a FormattableContent range, so spans stay cheap to
/// compare as run values; the protocol edge converts them from and to JSON.
public enum SpanValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A number with a fraction.
    case number(Double)
    /// A boolean.
    case bool(Bool)

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}
