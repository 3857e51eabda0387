import GrammarEngine
import ThemeEngine

/// Renders highlighted text as a standalone HTML page: a `<pre>` of inline-styled spans on the
/// theme's background and foreground, every piece of text HTML-escaped.
public struct HTMLRenderer: Sendable {
    /// The theme that resolves token styles.
    public var theme: Theme
    /// The page title.
    public var title: String

    /// Creates a renderer.
    public init(theme: Theme, title: String = "highlightd") {
        self.theme = theme
        self.title = title
    }

    /// Renders `text` with the styles of `tokens` (UTF-8 byte ranges covering the text).
    public func render(text: String, tokens: [DocumentToken]) -> String {
        let document = StyledDocument(text: text, tokens: tokens, theme: theme)
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
    public static func escape(_ text: String) -> String {
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
