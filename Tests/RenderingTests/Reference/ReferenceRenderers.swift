// The renderers as they were before they wrote bytes (commit fff2aa2): simple, per-token, the
// model the fast renderers are checked against byte for byte (RendererEquivalenceTests).
import GrammarEngine
import Rendering
import ThemeEngine

/// A document's UTF-8 text with its tokens' resolved styles: what every renderer works from.
///
/// Token ranges are clamped to the text, so tokens from a stale or buggy source degrade the
/// output instead of crashing the process.
struct ReferenceStyledDocument {
    /// A token's clamped byte range, its scopes and its style.
    struct Run {
        var range: Range<Int>
        var scopes: [String]
        var style: TokenStyle
    }

    /// The document's UTF-8 bytes.
    let bytes: [UInt8]
    /// One run per input token, in input order.
    let runs: [Run]
    /// The theme's default style, used for text no token covers.
    let defaultStyle: TokenStyle

    /// Resolves every token's style with `theme`.
    init(text: String, tokens: [DocumentToken], theme: Theme) {
        let bytes = Array(text.utf8)
        let styles = theme.referenceStyles(for: tokens)
        self.bytes = bytes
        defaultStyle = theme.defaultStyle
        runs = zip(tokens, styles).map { token, style in
            let lower = min(max(0, token.range.lowerBound), bytes.count)
            let upper = min(max(lower, token.range.upperBound), bytes.count)
            return Run(range: lower..<upper, scopes: token.scopes, style: style)
        }
    }

    /// Ranges covering the whole text in order, each with the style to paint it in: gaps
    /// between tokens get the default style and overlapping parts are painted once.
    func segments() -> [(range: Range<Int>, style: TokenStyle)] {
        var result: [(range: Range<Int>, style: TokenStyle)] = []
        var cursor = 0
        for run in runs where run.range.upperBound > cursor {
            if run.range.lowerBound > cursor {
                result.append((cursor..<run.range.lowerBound, defaultStyle))
            }
            let start = max(cursor, run.range.lowerBound)
            result.append((start..<run.range.upperBound, run.style))
            cursor = run.range.upperBound
        }
        if cursor < bytes.count {
            result.append((cursor..<bytes.count, defaultStyle))
        }
        return result
    }

    /// The text of a byte range (clamped ranges cut at scalar boundaries for valid tokens).
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

/// Renders highlighted text for a terminal with 24-bit colour escapes.
///
/// Each styled stretch opens with one SGR sequence (foreground, background when it differs from
/// the theme's, bold, italic, underline, strikethrough) and every line ends with a reset before
/// its line break, so pagers and line-oriented tools never see a style span lines. With colour
/// off, the output is exactly the input text.
struct ReferenceANSIRenderer: Sendable {
    /// Options with defaults.
    struct Configuration: Sendable {
        /// Whether to emit escapes at all; see `ReferenceANSIRenderer.shouldUseColor`.
        var colorEnabled: Bool
        /// Whether to paint the theme's default background too (off: the terminal's shows).
        var paintsDefaultBackground: Bool
        /// The colours the escapes name: 24-bit, the 256-colour palette, or the basic 16.
        var depth: ColorDepth

        /// Creates options.
        init(colorEnabled: Bool, paintsDefaultBackground: Bool = false, depth: ColorDepth = .trueColor) {
            self.colorEnabled = colorEnabled
            self.paintsDefaultBackground = paintsDefaultBackground
            self.depth = depth
        }
    }

    /// The escape that clears every attribute.
    static let reset = "\u{1B}[0m"

    /// The theme that resolves token styles.
    var theme: Theme
    /// The options.
    var configuration: Configuration

    /// Renders `text` with the styles of `tokens` (UTF-8 byte ranges covering the text).
    func render(text: String, tokens: [DocumentToken]) -> String {
        guard configuration.colorEnabled else { return text }
        let document = ReferenceStyledDocument(text: text, tokens: tokens, theme: theme)
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

/// Renders highlighted text as a standalone HTML page: a `<pre>` of inline-styled spans on the
/// theme's background and foreground, every piece of text HTML-escaped.
struct ReferenceHTMLRenderer: Sendable {
    /// The theme that resolves token styles.
    var theme: Theme
    /// The page title.
    var title: String

    /// Creates a renderer.
    init(theme: Theme, title: String = "highlightd") {
        self.theme = theme
        self.title = title
    }

    /// Renders `text` with the styles of `tokens` (UTF-8 byte ranges covering the text).
    func render(text: String, tokens: [DocumentToken]) -> String {
        let document = ReferenceStyledDocument(text: text, tokens: tokens, theme: theme)
        let defaults = theme.defaultStyle
        let pageStyle =
            "color:\(defaults.foreground.normalizedHex);background-color:\(defaults.background.normalizedHex)"
        var body = ""
        // Neighbouring stretches that look alike share one span.
        var pending: (text: String, style: TokenStyle)?
        func flush() {
            guard let (text, style) = pending else { return }
            let css = declarations(for: style)
            body += css.isEmpty ? Self.escape(text) : "<span style=\"\(css)\">\(Self.escape(text))</span>"
            pending = nil
        }
        for (range, style) in document.segments() where !range.isEmpty {
            let piece = document.text(range)
            if let current = pending, current.style.looksLike(style) {
                pending = (current.text + piece, current.style)
            } else {
                flush()
                pending = (piece, style)
            }
        }
        flush()
        // HTML drops one newline right after <pre>, so one is given to it and the text's own stay.
        return """
            <!doctype html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>\(Self.escape(title))</title>
            </head>
            <body style="margin:0;\(pageStyle)">
            <pre style="margin:0;padding:1em;font-family:ui-monospace,monospace;\(pageStyle)">
            \(body)</pre>
            </body>
            </html>

            """
    }

    /// Inline CSS for the parts of `style` that differ from the page's; empty when none do.
    func declarations(for style: TokenStyle) -> String {
        let defaults = theme.defaultStyle
        var parts: [String] = []
        if style.foreground != defaults.foreground { parts.append("color:\(style.foreground.normalizedHex)") }
        if style.background != defaults.background {
            parts.append("background-color:\(style.background.normalizedHex)")
        }
        if style.fontStyle.contains(.bold) { parts.append("font-weight:bold") }
        if style.fontStyle.contains(.italic) { parts.append("font-style:italic") }
        var decorations: [String] = []
        if style.fontStyle.contains(.underline) { decorations.append("underline") }
        if style.fontStyle.contains(.strikethrough) { decorations.append("line-through") }
        if !decorations.isEmpty { parts.append("text-decoration:" + decorations.joined(separator: " ")) }
        return parts.joined(separator: ";")
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Renders tokens as JSON for tools and tests:
///
///     {"scopeName":"source.js","tokens":[
///     {"offset":0,"length":3,"scopes":["source.js","storage.type.js"],
///      "foreground":"#B98AF0","background":"#181C24","fontStyle":""}
///     ]}
///
/// One entry per `DocumentToken`, in input order, with `offset` and `length` in UTF-16 code
/// units of the text. Keys always come in this order. `fontStyle` lists the words of
/// `FontStyle` (`""` for plain). With links, a `"links"` array of `{offset, length, target}`
/// (UTF-16 too) follows the tokens.
struct ReferenceTokenJSONRenderer: Sendable {
    /// The theme that resolves token styles.
    var theme: Theme

    /// Renders the tokens of `text`; `scopeName` is the grammar's root scope (null when nil).
    func render(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil
    ) -> String {
        let document = ReferenceStyledDocument(text: text, tokens: tokens, theme: theme)
        var cursor = ReferenceUTF16OffsetCursor(bytes: document.bytes)
        var output = "{\"scopeName\":" + (scopeName.map(Self.quote) ?? "null") + ",\"tokens\":["
        for (position, run) in document.runs.enumerated() {
            let start = cursor.utf16Offset(atUTF8: run.range.lowerBound)
            let end = cursor.utf16Offset(atUTF8: run.range.upperBound)
            output += position == 0 ? "\n" : ",\n"
            output += "{\"offset\":\(start),\"length\":\(end - start)"
            output += ",\"scopes\":[" + run.scopes.map(Self.quote).joined(separator: ",") + "]"
            output += ",\"foreground\":" + Self.quote(run.style.foreground.normalizedHex)
            output += ",\"background\":" + Self.quote(run.style.background.normalizedHex)
            output += ",\"fontStyle\":" + Self.quote(run.style.fontStyle.description) + "}"
        }
        output += document.runs.isEmpty ? "]" : "\n]"
        if let links {
            output += ",\"links\":["
            for (position, link) in links.enumerated() {
                let lower = min(max(0, link.range.lowerBound), document.bytes.count)
                let upper = min(max(lower, link.range.upperBound), document.bytes.count)
                let start = cursor.utf16Offset(atUTF8: lower)
                let end = cursor.utf16Offset(atUTF8: upper)
                output += position == 0 ? "\n" : ",\n"
                output +=
                    "{\"offset\":\(start),\"length\":\(end - start),\"target\":\(Self.quote(link.target))}"
            }
            output += links.isEmpty ? "]" : "\n]"
        }
        return output + "}\n"
    }

    /// `text` as a JSON string literal.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let digits = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension Theme {
    /// Each token's style, resolving every distinct scope list once.
    func referenceStyles(for tokens: [DocumentToken]) -> [TokenStyle] {
        var memo: [[String]: TokenStyle] = [:]
        return tokens.map { token in
            if let style = memo[token.scopes] { return style }
            let style = style(forScopes: token.scopes)
            memo[token.scopes] = style
            return style
        }
    }
}

/// Converts UTF-8 byte offsets of a text to UTF-16 code-unit offsets, walking forward so that
/// converting offsets in document order costs O(text) in total.
struct ReferenceUTF16OffsetCursor {
    private let bytes: [UInt8]
    private var byteOffset = 0
    private var utf16Offset = 0

    /// A cursor at the start of `bytes` (valid UTF-8).
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The UTF-16 offset of UTF-8 offset `target` (clamped to the text). An offset inside a
    /// scalar counts that scalar as already passed.
    mutating func utf16Offset(atUTF8 target: Int) -> Int {
        let target = min(max(0, target), bytes.count)
        if target < byteOffset {
            // Going backwards is rare (tokens out of order); start over rather than keep an index.
            byteOffset = 0
            utf16Offset = 0
        }
        while byteOffset < target {
            let byte = bytes[byteOffset]
            if byte >= 0xF0 {
                utf16Offset += 2  // Four-byte scalars are astral: a surrogate pair.
            } else if byte < 0x80 || byte >= 0xC0 {
                utf16Offset += 1  // A scalar's lead byte; continuation bytes add nothing.
            }
            byteOffset += 1
        }
        return utf16Offset
    }
}
