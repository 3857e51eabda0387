import DocumentStorage
import GrammarEngine
import Rendering
import TextRope
import TextSegmentation

/// Soft-wraps a highlighted document for `--wrap`: line breaks go where the line breaker puts
/// them for the storage's lines (never inside one of its links), and tokens and links are
/// shifted to match.
struct SoftWrap {
    /// The wrapped text.
    var text: String
    /// The tokens over the wrapped text; an inserted break belongs to the token it ends.
    var tokens: [DocumentToken]
    /// The links over the wrapped text.
    var links: [RenderedLink]

    init(storage: TextStorage, tokens: [DocumentToken], links: [RenderedLink], columns: Int) {
        let points = Self.breakPoints(in: storage, columns: columns)
        var bytes = Array(storage.string.utf8)
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
            DocumentToken(range: map($0.range.lowerBound)..<map($0.range.upperBound), stack: $0.stack)
        }
        if let first = self.tokens.first, first.range.lowerBound != 0 {
            self.tokens[0].range = 0..<first.range.upperBound
        }
        self.links = links.map {
            RenderedLink(range: map($0.range.lowerBound)..<map($0.range.upperBound), target: $0.target)
        }
    }

    /// UTF-8 offsets in the storage's text where a soft break goes, in increasing order.
    static func breakPoints(in storage: TextStorage, columns: Int) -> [Int] {
        let breaker = LineBreaker()
        let text = storage.text
        var points: [Int] = []
        for line in text.lines {
            guard let bounds = try? text.lineBounds(line), bounds.contentEnd > bounds.start else { continue }
            let content = text.substring(bounds.start..<bounds.contentEnd)
            for utf16 in breaker.breaks(
                inParagraph: bounds.start..<bounds.contentEnd, of: storage, columns: columns)
            {
                points.append((bounds.start + TextOffsets.utf8Offset(fromUTF16: utf16, in: content)).rawValue)
            }
        }
        return points
    }
}
