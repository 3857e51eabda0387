import GrammarEngine
import TextSegmentation

/// Soft-wraps a highlighted document for `--wrap`: line breaks are inserted where the UAX #14
/// line breaker puts them, never inside a link, and tokens and links are shifted to match.
struct SoftWrap {
    /// The wrapped text.
    var text: String
    /// The tokens over the wrapped text; an inserted break belongs to the token it ends.
    var tokens: [DocumentToken]
    /// The links over the wrapped text.
    var links: [RenderedLink]

    init(text original: String, tokens: [DocumentToken], links: [RenderedLink], columns: Int) {
        let points = Self.breakPoints(in: original, links: links, columns: columns)
        guard !points.isEmpty else {
            self.text = original
            self.tokens = tokens
            self.links = links
            return
        }
        var bytes = Array(original.utf8)
        for point in points.reversed() { bytes.insert(0x0A, at: point) }
        text = String(decoding: bytes, as: UTF8.self)
        // A boundary at a break point moves past the inserted line feed, so the line feed
        // belongs to the token (or link) that ends there.
        func map(_ offset: Int) -> Int {
            var low = 0
            var high = points.count
            while low < high {
                let middle = (low + high) / 2
                if points[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            return offset + low
        }
        self.tokens = tokens.map {
            DocumentToken(range: map($0.range.lowerBound)..<map($0.range.upperBound), scopes: $0.scopes)
        }
        if let first = self.tokens.first, first.range.lowerBound != 0 {
            self.tokens[0].range = 0..<first.range.upperBound
        }
        self.links = links.map {
            RenderedLink(range: map($0.range.lowerBound)..<map($0.range.upperBound), target: $0.target)
        }
    }

    /// UTF-8 offsets in `text` where a soft break goes, in increasing order.
    static func breakPoints(in text: String, links: [RenderedLink], columns: Int) -> [Int] {
        let breaker = LineBreaker()
        var points: [Int] = []
        let bytes = Array(text.utf8)
        var lineStart = 0
        var index = 0
        func wrapLine(_ end: Int) {
            guard end > lineStart else { return }
            let line = String(decoding: bytes[lineStart..<end], as: UTF8.self)
            let spans = links.filter { $0.range.lowerBound >= lineStart && $0.range.upperBound <= end }.map {
                TextOffsets.utf16Offset(
                    fromUTF8: $0.range.lowerBound - lineStart, in: line)..<TextOffsets.utf16Offset(
                        fromUTF8: $0.range.upperBound - lineStart, in: line)
            }
            for utf16 in breaker.breaks(in: line, columns: columns, unbreakable: spans) {
                points.append(lineStart + TextOffsets.utf8Offset(fromUTF16: utf16, in: line))
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                wrapLine(index)
                if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        wrapLine(bytes.count)
        return points
    }
}
