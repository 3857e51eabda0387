import JSONSyntax

/// How FormattableContent is styled, after the reference design's `FormattableContentStyles`:
/// base attributes for the whole content, attributes for quoted text, per-range-kind
/// attributes, and a colour for ranges that link somewhere.
public struct FormattableContentStyles: Hashable, Sendable {
    /// Applied to the whole content.
    public var attributes: TextAttributes
    /// Applied to text between double quotes (`"…"` or `“…”`), if set.
    public var quoteStyles: TextAttributes?
    /// Applied to each range of a kind, in the order the ranges come.
    public var rangeStylesMap: [String: TextAttributes]
    /// The colour of ranges with a `url`.
    public var linksColor: String?

    /// Creates styles.
    public init(
        attributes: TextAttributes = .init(), quoteStyles: TextAttributes? = nil,
        rangeStylesMap: [String: TextAttributes] = [:], linksColor: String? = nil
    ) {
        self.attributes = attributes
        self.quoteStyles = quoteStyles
        self.rangeStylesMap = rangeStylesMap
        self.linksColor = linksColor
    }

    /// Styles for notifications, used when none are given.
    public static let standard = FormattableContentStyles(
        attributes: TextAttributes(color: "#2C3338"),
        quoteStyles: TextAttributes(italic: true),
        rangeStylesMap: [
            "user": TextAttributes(bold: true), "site": TextAttributes(bold: true),
            "post": TextAttributes(italic: true), "comment": TextAttributes(italic: true),
            "noticon": TextAttributes(color: "#A7AAAD"),
            "mention": TextAttributes(color: "#2271B1", bold: true),
            "hashtag": TextAttributes(color: "#2271B1"), "shortcode": TextAttributes(background: "#FCF9E8"),
            "blockquote": TextAttributes(italic: true), "strong": TextAttributes(bold: true),
            "em": TextAttributes(italic: true),
        ],
        linksColor: "#0675C4")

    /// Reads `{"attributes", "quoteStyles", "rangeStylesMap": {"user": {...}}, "linksColor"}`.
    public init(json: JSONValue) throws(FormattableContentError) {
        guard json.objectValue != nil else {
            throw FormattableContentError(path: "styles", message: "must be an object")
        }
        var styles = FormattableContentStyles()
        if let base = json["attributes"] {
            styles.attributes = try TextAttributes(json: base, path: "attributes")
        }
        if let quote = json["quoteStyles"], quote != .null {
            styles.quoteStyles = try TextAttributes(json: quote, path: "quoteStyles")
        }
        if let map = json["rangeStylesMap"], map != .null {
            guard let entries = map.objectValue else {
                throw FormattableContentError(path: "rangeStylesMap", message: "must be an object")
            }
            for (kind, value) in entries {
                styles.rangeStylesMap[kind] = try TextAttributes(json: value, path: "rangeStylesMap.\(kind)")
            }
        }
        if let color = json["linksColor"], color != .null {
            guard let string = color.stringValue, TextAttributes.isColor(string) else {
                throw FormattableContentError(
                    path: "linksColor", message: "must be a colour like \"#1E88E5\"")
            }
            styles.linksColor = string
        }
        self = styles
    }
}
