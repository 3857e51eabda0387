import JSONSyntax

/// The attributes FormattableContent styles set, the subset of NSAttributedString's keys a
/// terminal and a web page can both show.
public struct TextAttributes: Hashable, Sendable {
    /// Text colour, `#RRGGBB`.
    public var color: String?
    /// Background colour, `#RRGGBB`.
    public var background: String?
    /// Bold, italic, underline, strikethrough; nil leaves what is under unchanged.
    public var bold: Bool?
    public var italic: Bool?
    public var underline: Bool?
    public var strikethrough: Bool?

    /// Attributes that change nothing.
    public init(
        color: String? = nil, background: String? = nil, bold: Bool? = nil, italic: Bool? = nil,
        underline: Bool? = nil, strikethrough: Bool? = nil
    ) {
        self.color = color
        self.background = background
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
    }

    /// These attributes with `other`'s set ones on top (as `addAttributes` does).
    public func merged(with other: TextAttributes) -> TextAttributes {
        TextAttributes(
            color: other.color ?? color, background: other.background ?? background, bold: other.bold ?? bold,
            italic: other.italic ?? italic, underline: other.underline ?? underline,
            strikethrough: other.strikethrough ?? strikethrough)
    }

    /// Reads `{"color", "background", "bold", "italic", "underline", "strikethrough"}`.
    public init(json: JSONValue, path: String) throws(FormattableContentError) {
        guard json.objectValue != nil else {
            throw FormattableContentError(path: path, message: "must be an object")
        }
        func color(_ key: String) throws(FormattableContentError) -> String? {
            guard let value = json[key], value != .null else { return nil }
            guard let string = value.stringValue, Self.isColor(string) else {
                throw FormattableContentError(
                    path: "\(path).\(key)", message: "must be a colour like \"#1E88E5\"")
            }
            return string
        }
        func flag(_ key: String) throws(FormattableContentError) -> Bool? {
            guard let value = json[key], value != .null else { return nil }
            guard let bool = value.boolValue else {
                throw FormattableContentError(path: "\(path).\(key)", message: "must be a boolean")
            }
            return bool
        }
        self.init(
            color: try color("color"), background: try color("background"), bold: try flag("bold"),
            italic: try flag("italic"), underline: try flag("underline"),
            strikethrough: try flag("strikethrough"))
    }

    /// Whether `string` is `#RRGGBB` (safe to put in CSS and convert to ANSI).
    static func isColor(_ string: String) -> Bool {
        let digits = string.utf8.dropFirst()
        return string.utf8.first == UInt8(ascii: "#") && digits.count == 6
            && digits.allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102)
            }
    }
}
