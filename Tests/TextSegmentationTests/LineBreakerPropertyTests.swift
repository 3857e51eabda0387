import TestSupport
import Testing
import TextSegmentation

/// Random text built from graphemes whose widths the test knows independently of
/// ``ColumnWidth``, with links marked as unbreakable spans.
private struct RandomText {
    /// A grapheme and its width (tabs: -1, measured by tab stops; line feeds: 0).
    struct Piece {
        var text: String
        var width: Int
    }

    static let graphemes: [Piece] = [
        Piece(text: "a", width: 1), Piece(text: "b", width: 1), Piece(text: "z", width: 1),
        Piece(text: "7", width: 1), Piece(text: ",", width: 1), Piece(text: "-", width: 1),
        Piece(text: "(", width: 1), Piece(text: ")", width: 1), Piece(text: "e\u{0301}", width: 1),
        Piece(text: "日", width: 2), Piece(text: "語", width: 2), Piece(text: "한", width: 2),
        Piece(text: "Ａ", width: 2), Piece(text: "👍🏽", width: 2), Piece(text: "❤\u{FE0F}", width: 2),
        Piece(text: "👨\u{200D}👩\u{200D}👧", width: 2), Piece(text: " ", width: 1),
        Piece(text: " ", width: 1), Piece(text: " ", width: 1), Piece(text: "\t", width: -1),
        Piece(text: "\n", width: 0),
    ]

    static let links = ["http://example.com/a/b-c?d=1", "https://x.org/日本", "www.example.com/p_q", "a@b.co"]

    var pieces: [Piece] = []
    var spans: [Range<Int>] = []

    init(using generator: inout SeededGenerator) {
        let length = Int.random(in: 0...60, using: &generator)
        var offset = 0
        for _ in 0..<length {
            if Int.random(in: 0..<8, using: &generator) == 0 {
                let link = Self.links.randomElement(using: &generator)!
                let start = offset
                for character in link {
                    pieces.append(Piece(text: String(character), width: character.isASCII ? 1 : 2))
                    offset += character.utf16.count
                }
                spans.append(start..<offset)
                pieces.append(Piece(text: " ", width: 1))
                offset += 1
            } else {
                let piece = Self.graphemes.randomElement(using: &generator)!
                pieces.append(piece)
                offset += piece.text.utf16.count
            }
        }
    }

    var text: String { pieces.map(\.text).joined() }
}

@Suite("LineBreaker properties on seeded random text")
struct LineBreakerPropertyTests {
    @Test func breaksFitTheColumnsAndNeverSplitLinksOrGraphemes() {
        let seed = SeededGenerator.seedFromEnvironment(fallback: 0x5EED_1234)
        var generator = SeededGenerator(seed: seed)
        for round in 0..<400 {
            let sample = RandomText(using: &generator)
            let columns = Int.random(in: 1...30, using: &generator)
            let tabWidth = Int.random(in: 1...8, using: &generator)
            let breaker = LineBreaker(configuration: .init(tabWidth: tabWidth))
            let text = sample.text
            let context =
                "seed \(seed) round \(round) columns \(columns) tab \(tabWidth): \(text.debugDescription)"
            let breaks = breaker.breaks(in: text, columns: columns, unbreakable: sample.spans)

            // Grapheme starts, in UTF-16 offsets, from the generator's own pieces.
            var pieceStarts: [Int: Int] = [:]
            var offset = 0
            for (index, piece) in sample.pieces.enumerated() {
                pieceStarts[offset] = index
                offset += piece.text.utf16.count
            }
            pieceStarts[offset] = sample.pieces.count
            for position in breaks {
                #expect(pieceStarts[position] != nil, "break \(position) inside a grapheme; \(context)")
                for span in sample.spans where span.lowerBound < position && position < span.upperBound {
                    let spanWidth = sample.pieces[
                        pieceStarts[span.lowerBound]!..<pieceStarts[span.upperBound]!
                    ]
                    .reduce(0) { $0 + $1.width }
                    #expect(spanWidth > columns, "break \(position) inside link \(span); \(context)")
                }
            }

            let lines = breaker.lines(in: text, columns: columns, unbreakable: sample.spans)
            for line in lines {
                guard let first = pieceStarts[line.lowerBound] else {
                    Issue.record("line \(line) starts inside a grapheme; \(context)")
                    continue
                }
                let last = pieceStarts[line.upperBound] ?? sample.pieces.count
                var lineWidth = 0
                var column = 0
                var graphemes = 0
                for piece in sample.pieces[first..<last] {
                    column += piece.width < 0 ? tabWidth - column % tabWidth : piece.width
                    if piece.text != " " && piece.text != "\n" {
                        lineWidth = column
                        graphemes += 1
                    }
                }
                #expect(
                    lineWidth <= columns || graphemes <= 1, "line \(line) is \(lineWidth) wide; \(context)")
            }
        }
    }
}
