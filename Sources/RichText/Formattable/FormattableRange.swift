import JSONSyntax

/// One range of a FormattableContent block: a kind (`type`), where it lies (`indices`, UTF-16
/// offsets of the block's text, as the format uses) and the rest of its fields (`url`, `id`,
/// `siteID`, a notification icon's `value`...), kept as they came.
public struct FormattableRange: Hashable, Sendable {
    /// The range kind (`user`, `site`, `link`, `noticon`...).
    public var type: String
    /// Start and end, UTF-16 offsets of the text.
    public var indices: Range<Int>
    /// Every other field of the range.
    public var fields: [String: JSONValue]

    /// Creates a range.
    public init(type: String, indices: Range<Int>, fields: [String: JSONValue] = [:]) {
        self.type = type
        self.indices = indices
        self.fields = fields
    }

    /// The range in the format's shape: `{"type", "indices": [start, end], ...fields}`.
    public var json: JSONValue {
        var object = fields
        object["type"] = .string(type)
        object["indices"] = [.integer(indices.lowerBound), .integer(indices.upperBound)]
        return .object(object)
    }

    /// The link target, if the range has one.
    public var url: String? { fields["url"]?.stringValue }
}
