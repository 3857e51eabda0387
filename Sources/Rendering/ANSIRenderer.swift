import GrammarEngine
import ThemeEngine

/// Renders highlighted text for a terminal with 24-bit colour escapes.
///
/// Each styled stretch opens with one SGR sequence (foreground, background when it differs from
/// the theme's, bold, italic, underline, strikethrough) and every line ends with a reset before
/// its line break, so pagers and line-oriented tools never see a style span lines. With colour
/// off, the output is exactly the input text.
public struct ANSIRenderer: Sendable {
    /// Options with defaults.
    public struct Configuration: Sendable {
        /// Whether to emit escapes at all; see `ANSIRenderer.shouldUseColor`.
        public var colorEnabled: Bool
        /// Whether to paint the theme's default background too (off: the terminal's shows).
        public var paintsDefaultBackground: Bool
        /// The colours the escapes name: 24-bit, the 256-colour palette, or the basic 16.
        public var depth: ColorDepth

        /// Creates options.
        public init(colorEnabled: Bool, paintsDefaultBackground: Bool = false, depth: ColorDepth = .trueColor)
        {
            self.colorEnabled = colorEnabled
            self.paintsDefaultBackground = paintsDefaultBackground
            self.depth = depth
        }
    }

    /// The escape that clears every attribute.
    public static let reset = "\u{1B}[0m"

    /// The theme that resolves token styles.
    public var theme: Theme
    /// The options.
    public var configuration: Configuration

    /// Creates a renderer.
    public init(theme: Theme, configuration: Configuration) {
        self.theme = theme
        self.configuration = configuration
    }

    /// Renders `text` with the styles of `tokens` (UTF-8 byte ranges covering the text).
    public func render(text: String, tokens: [DocumentToken]) -> String {
        guard configuration.colorEnabled else { return text }
        let document = StyledDocument(text: text, tokens: tokens, theme: theme)
        let bytes = document.bytes
        let reset = Array(Self.reset.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        var active: [UInt8]?
        for (range, style) in document.segments() {
            let escape = Array(sequence(for: style).utf8)
            var index = range.lowerBound
            while index < range.upperBound {
                let newline = bytes[index..<range.upperBound].firstIndex(of: UInt8(ascii: "\n"))
                var contentEnd = newline ?? range.upperBound
                if newline != nil, contentEnd > index, bytes[contentEnd - 1] == UInt8(ascii: "\r") {
                    contentEnd -= 1
                }
                if contentEnd > index {
                    if active != escape {
                        if active != nil { output += reset }
                        output += escape
                        active = escape
                    }
                    output += bytes[index..<contentEnd]
                }
                guard let newline else { break }
                if active != nil {
                    output += reset
                    active = nil
                }
                output += bytes[contentEnd...newline]
                index = newline + 1
            }
        }
        if active != nil { output += reset }
        return String(decoding: output, as: UTF8.self)
    }

    /// The SGR escape that sets `style`.
    func sequence(for style: TokenStyle) -> String {
        let backdrop = theme.defaultStyle.background
        var codes: [String] = []
        if style.fontStyle.contains(.bold) { codes.append("1") }
        if style.fontStyle.contains(.italic) { codes.append("3") }
        if style.fontStyle.contains(.underline) { codes.append("4") }
        if style.fontStyle.contains(.strikethrough) { codes.append("9") }
        let background = style.background.composited(over: backdrop.rgb)
        let foreground = style.foreground.composited(over: background)
        codes.append(configuration.depth.sgrParameters(foreground, background: false))
        if configuration.paintsDefaultBackground || style.background != backdrop {
            codes.append(configuration.depth.sgrParameters(background, background: true))
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
