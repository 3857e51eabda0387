import GrammarEngine
import ThemeEngine

/// Renders highlighted text as a standalone HTML page: a `<pre>` of inline-styled spans on the
/// theme's background and foreground, every piece of text HTML-escaped.
public struct HTMLRenderer: Sendable {
    /// The theme that resolves token styles.
    public var theme: Theme
    /// The page title.
    public var title: String
    /// How many threads may resolve a long document's styles (nil: one per CPU).
    public var jobs: Int?

    /// Creates a renderer.
    public init(theme: Theme, title: String = "highlightd", jobs: Int? = nil) {
        self.theme = theme
        self.title = title
        self.jobs = jobs
    }

    /// Renders `text` with the styles of `tokens` (UTF-8 byte ranges covering the text).
    public func render(text: String, tokens: [DocumentToken]) -> String {
        String(decoding: renderBytes(text: text, tokens: tokens), as: UTF8.self)
    }

    /// `render` as UTF-8 bytes, to write without another copy.
    public func renderBytes(text: String, tokens: [DocumentToken]) -> [UInt8] {
        let document = StyledDocument(text: text, tokens: tokens, theme: theme, jobs: jobs)
        let defaults = theme.defaultStyle
        let pageStyle =
            "color:\(defaults.foreground.normalizedHex);background-color:\(defaults.background.normalizedHex)"
        // Styles that look alike (same colours and font style) share a look: neighbouring
        // stretches of one look share one span, whose CSS is made once per look.
        var looks: [[UInt8]] = []
        var lookOfKey: [String: Int] = [:]
        let lookOfStyle = document.styles.map { style -> Int in
            let key = "\(style.foreground.hex)|\(style.background.hex)|\(style.fontStyle.rawValue)"
            if let look = lookOfKey[key] { return look }
            looks.append(Array(declarations(for: style).utf8))
            lookOfKey[key] = looks.count - 1
            return looks.count - 1
        }
        var output: [UInt8] = []
        output.reserveCapacity(document.bytes.count * 2 + 512)
        output.append(
            """
            <!doctype html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>\(Self.escape(title))</title>
            </head>
            <body style="margin:0;\(pageStyle)">
            <pre style="margin:0;padding:1em;font-family:ui-monospace,monospace;\(pageStyle)">

            """)
        // HTML drops one newline right after <pre>, so one is given to it and the text's own stay.
        var pending: (range: Range<Int>, look: Int)?
        document.bytes.withUnsafeBufferPointer { bytes in
            func flush() {
                guard let (range, look) = pending else { return }
                if looks[look].isEmpty {
                    Self.appendEscaped(bytes[range], to: &output)
                } else {
                    output.append("<span style=\"")
                    output.append(contentsOf: looks[look])
                    output.append("\">")
                    Self.appendEscaped(bytes[range], to: &output)
                    output.append("</span>")
                }
                pending = nil
            }
            document.forEachSegment { range, style in
                guard !range.isEmpty else { return }
                let look = lookOfStyle[style]
                if let current = pending, current.look == look, current.range.upperBound == range.lowerBound {
                    pending = (current.range.lowerBound..<range.upperBound, look)
                } else {
                    flush()
                    pending = (range, look)
                }
            }
            flush()
        }
        output.append("</pre>\n</body>\n</html>\n")
        return output
    }

    /// Appends `text` HTML-escaped (`&`, `<`, `>`, `"`, `'`; all ASCII, so byte by byte).
    static func appendEscaped(_ text: Slice<UnsafeBufferPointer<UInt8>>, to output: inout [UInt8]) {
        var start = text.startIndex
        for index in text.indices {
            let replacement: StaticString
            switch text[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            output.append(replacement)
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<text.endIndex]))
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
