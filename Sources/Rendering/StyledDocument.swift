import GrammarEngine
import ThemeEngine

/// A document's UTF-8 text with its tokens' resolved styles: what every renderer works from.
///
/// Token ranges are clamped to the text, so tokens from a stale or buggy source degrade the
/// output instead of crashing the process.
struct StyledDocument {
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
        let styles = theme.styles(for: tokens)
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
