/// Writes styled FormattableContent as a standalone HTML page: one paragraph per block, a
/// section per group, inline styles, links as anchors, attachments as images or their text.
public struct FormattableHTMLWriter: Sendable {
    /// The page title.
    public var title: String

    /// A writer for a page titled `title`.
    public init(title: String = "FormattableContent") { self.title = title }

    /// The page for `document`'s blocks styled by `formatter`.
    public func page(_ document: FormattableDocument, formatter: FormattableContentFormatter) -> String {
        let body = html(document, formatter: formatter)
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(Self.escape(title))</title>
            <style>body{font:16px/1.5 -apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC",sans-serif;margin:24px;max-width:640px}
            p.block{margin:0 0 12px}section.group{border:1px solid #DCDCDE;border-radius:6px;padding:12px 16px;margin:0 0 16px}
            img.attachment{height:1.2em;vertical-align:-0.2em}a{text-decoration:none}</style></head>
            <body>
            \(body)</body></html>

            """
    }

    private func html(_ document: FormattableDocument, formatter: FormattableContentFormatter) -> String {
        switch document {
        case .block(let block):
            return "<p class=\"block\">" + formatter.segments(of: block).map(Self.html).joined() + "</p>\n"
        case .group(let items, let members):
            let kind = members["kind"]?.stringValue.map { " data-kind=\"\(Self.escape($0))\"" } ?? ""
            return "<section class=\"group\"\(kind)>\n"
                + items.map { html($0, formatter: formatter) }.joined()
                + "</section>\n"
        case .list(let items):
            return items.map { html($0, formatter: formatter) }.joined()
        }
    }

    private static func html(_ segment: StyledSegment) -> String {
        var content = escape(segment.text)
        if let attachment = segment.attachment {
            content =
                attachment.image.map {
                    "<img class=\"attachment\" src=\"\(escape($0))\" alt=\"\(escape(attachment.text ?? segment.text))\">"
                } ?? escape(attachment.displayText)
        }
        let style = css(segment.attributes)
        if !style.isEmpty { content = "<span style=\"\(style)\">\(content)</span>" }
        if let url = segment.url { content = "<a href=\"\(escape(url))\">\(content)</a>" }
        return content
    }

    private static func css(_ attributes: TextAttributes) -> String {
        var parts: [String] = []
        if let color = attributes.color { parts.append("color:\(color)") }
        if let background = attributes.background { parts.append("background:\(background)") }
        if attributes.bold == true { parts.append("font-weight:bold") }
        if attributes.italic == true { parts.append("font-style:italic") }
        let lines = [
            attributes.underline == true ? "underline" : nil,
            attributes.strikethrough == true ? "line-through" : nil,
        ]
        .compactMap { $0 }
        if !lines.isEmpty { parts.append("text-decoration:\(lines.joined(separator: " "))") }
        return parts.joined(separator: ";")
    }

    /// Text made safe for HTML content and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "<br>"
            default: result.append(character)
            }
        }
        return result
    }
}
