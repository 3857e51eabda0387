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

    /// `render` as UTF-8 bytes.
    public func renderBytes(text: String, tokens: [DocumentToken]) -> [UInt8] {
        renderParts(text: text, tokens: tokens).joinedBytes()
    }

    /// The fewest spans worth a part of their own.
    static let minimumSpansPerPart = 8_192

    /// `renderBytes` in consecutive parts, meant to be written out one after the other.
    ///
    /// Neighbouring stretches of one look are merged into one span first, in one pass; the
    /// spans are then cut into parts whose tags and escaped text are written side by side on
    /// the renderer's threads, so every span is the one a single pass writes.
    public func renderParts(text: String, tokens: [DocumentToken]) -> [[UInt8]] {
        let (count, render) = partWriter(text: text, tokens: tokens)
        return OrderedParts.collect(count: count, jobs: threadCount(jobs), render: render)
    }

    /// `renderBytes` handed to `emit` part by part, in order, as soon as each is written (from
    /// the renderer's threads, one at a time); a part's bytes are only valid during the call.
    public func write(text: String, tokens: [DocumentToken], to emit: ([UInt8]) -> Void) {
        let (count, render) = partWriter(text: text, tokens: tokens)
        OrderedParts.run(count: count, jobs: threadCount(jobs), render: render, emit: emit)
    }

    /// Spans per part, about: some 350 KB of HTML on jQuery.
    static let spansPerPart = 12_288

    /// The part count and how to write a part.
    private func partWriter(text: String, tokens: [DocumentToken]) -> (
        count: Int, render: (Int, inout [UInt8]) -> Void
    ) {
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
        var spans: [Span] = []
        spans.reserveCapacity(document.runs.count)
        document.forEachSegment { range, style in
            guard !range.isEmpty else { return }
            let look = lookOfStyle[style]
            if let last = spans.last, last.look == look, last.end == range.lowerBound {
                spans[spans.count - 1].end = range.upperBound
            } else {
                spans.append(Span(start: range.lowerBound, end: range.upperBound, look: look))
            }
        }
        // HTML drops one newline right after <pre>, so one is given to it and the text's own stay.
        let header = Array(
            """
            <!doctype html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>\(Self.escape(title))</title>
            </head>
            <body style="margin:0;\(pageStyle)">
            <pre style="margin:0;padding:1em;font-family:ui-monospace,monospace;\(pageStyle)">

            """.utf8)
        let bounds = partBounds(
            spans.count, jobs: jobs, minimum: Self.minimumSpansPerPart, maximum: Self.spansPerPart)
        let count = bounds.count - 1
        let footer: StaticString = "</pre>\n</body>\n</html>\n"
        let render = { (part: Int, output: inout [UInt8]) in
            let mine = bounds[part]..<bounds[part + 1]
            document.bytes.withUnsafeBufferPointer { bytes in
                let limit =
                    Self.capacity(of: spans[mine], looks: looks, in: bytes)
                    + (part == 0 ? header.count : 0) + (part == count - 1 ? footer.utf8CodeUnitCount : 0)
                output.appendWriting(atMost: limit) { output in
                    if part == 0 { header.withUnsafeBufferPointer { output.write($0) } }
                    looks.withUnsafeBufferPointer { looks in
                        for index in mine {
                            let span = spans[index]
                            if looks[span.look].isEmpty {
                                Self.writeEscaped(bytes, span.start..<span.end, to: &output)
                            } else {
                                output.write("<span style=\"")
                                looks[span.look].withUnsafeBufferPointer { output.write($0) }
                                output.write("\">")
                                Self.writeEscaped(bytes, span.start..<span.end, to: &output)
                                output.write("</span>")
                            }
                        }
                    }
                    if part == count - 1 { output.write(footer) }
                }
            }
        }
        return (count, render)
    }

    /// The most bytes `spans` take written: their text, five more for each byte escaped (the
    /// longest escape, `&quot;`, is six), and each styled span's tags around it.
    private static func capacity(
        of spans: ArraySlice<Span>, looks: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let tags = #"<span style=""></span>"#.utf8.count
        var total = 0
        for span in spans {
            total += span.end - span.start
            if !looks[span.look].isEmpty { total += tags + looks[span.look].count }
        }
        if let first = spans.first, let last = spans.last {
            for byte in UnsafeBufferPointer(rebasing: bytes[first.start..<last.end]) where needsEscape(byte) {
                total += 5
            }
        }
        return total
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            true
        default: false
        }
    }

    /// A stretch of the text written as one span: neighbouring segments of one look merged.
    ///
    /// A struct, not a tuple: an array of tuples was walked through the runtime's generic
    /// metadata for each element (on jQuery, a sixth of the HTML writer's time).
    private struct Span {
        var start: Int
        var end: Int
        var look: Int
    }

    /// Writes `bytes[range]` HTML-escaped (`&`, `<`, `>`, `"`, `'`; all ASCII, so byte by
    /// byte), the text between the escaped bytes copied in one piece.
    static func writeEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to output: inout ByteCursor
    ) {
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default:
                index += 1
                continue
            }
            output.write(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            output.write(replacement)
            index += 1
            start = index
        }
        output.write(UnsafeBufferPointer(rebasing: bytes[start..<range.upperBound]))
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
