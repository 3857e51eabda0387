import GrammarEngine
import ThemeEngine

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
public struct TokenJSONRenderer: Sendable {
    /// The theme that resolves token styles.
    public var theme: Theme

    /// Creates a renderer.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Renders the tokens of `text`; `scopeName` is the grammar's root scope (null when nil).
    public func render(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil
    ) -> String {
        let document = StyledDocument(text: text, tokens: tokens, theme: theme)
        var cursor = UTF16OffsetCursor(bytes: document.bytes)
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
