import JSONSyntax

/// A block of FormattableContent (WordPress's notifications and activity log): text plus typed
/// ranges. Members besides `text` and `ranges` (`type`, `actions`, `meta`) are kept as they
/// came, so a block can be written back in its own shape.
public struct FormattableContent: Hashable, Sendable {
    /// The text to display.
    public var text: String
    /// The ranges, in the order given (which is the order they are applied).
    public var ranges: [FormattableRange]
    /// Every other member of the block.
    public var otherMembers: [String: JSONValue]

    /// Creates a block.
    public init(text: String, ranges: [FormattableRange], otherMembers: [String: JSONValue] = [:]) {
        self.text = text
        self.ranges = ranges
        self.otherMembers = otherMembers
    }

    /// The block in the format's shape.
    public var json: JSONValue {
        var object = otherMembers
        object["text"] = .string(text)
        object["ranges"] = .array(ranges.map(\.json))
        return .object(object)
    }
}
