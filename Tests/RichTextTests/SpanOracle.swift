import DocumentStorage
import TextRope
import TextSegmentation

/// The naive model of the span layer: links found over the whole text by the link detector,
/// then each rule run over every line with Swift's own `Regex` (not PCRE2, not the storage's
/// runs), in order, dropping matches that overlap what is already taken.
struct SpanOracle {
    struct Rule {
        var kind: String
        var pattern: String
        var table: [String: String]?
    }

    var rules: [Rule]

    /// `(text, kind)` of every span, in document order.
    func spans(of text: String) -> [[String]] {
        let bytes = Array(text.utf8)
        let links = LinkDetector().links(in: text).map(\.utf8Range)
        var result: [(Range<Int>, String)] = []
        var lineStart = 0
        var index = 0
        func runLine(_ range: Range<Int>) {
            let line = String(decoding: bytes[range], as: UTF8.self)
            var taken = links.filter { $0.overlaps(range) }.map {
                ($0.lowerBound - range.lowerBound)..<($0.upperBound - range.lowerBound)
            }
            for rule in rules {
                guard let regex = try? Regex(rule.pattern).matchingSemantics(.unicodeScalar) else { continue }
                for match in line.matches(of: regex) {
                    let lower = line.utf8.distance(from: line.startIndex, to: match.range.lowerBound)
                    let upper = line.utf8.distance(from: line.startIndex, to: match.range.upperBound)
                    let found = lower..<upper
                    let matched = String(line[match.range])
                    guard !found.isEmpty, !taken.contains(where: { $0.overlaps(found) }) else { continue }
                    if let table = rule.table, table[matched] == nil { continue }
                    taken.append(found)
                    result.append(((range.lowerBound + lower)..<(range.lowerBound + upper), rule.kind))
                }
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                runLine(lineStart..<index)
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        runLine(lineStart..<bytes.count)
        return result.sorted { $0.0.lowerBound < $1.0.lowerBound }.map {
            [String(decoding: bytes[$0.0], as: UTF8.self), $0.1]
        }
    }
}

extension TextStorage {
    /// `(text, kind)` of every span of the span layer, in document order.
    var spanTexts: [[String]] {
        let bytes = Array(string.utf8)
        return spans(in: text.utf8Range).map {
            [String(decoding: bytes[$0.range.bytes], as: UTF8.self), $0.attribute.kind]
        }
    }
}
