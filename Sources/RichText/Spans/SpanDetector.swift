import DocumentStorage
import GrammarEngine

/// Runs span rules over one line of text.
///
/// Rules run in order; each finds its matches left to right, each search starting where the
/// previous match ended. A match that overlaps an occupied range (a link, a span a client gave,
/// or an earlier rule's span) is not a span, so spans never overlap: the `@b` of `a@b.co` is
/// part of an e-mail link, not a mention.
public struct SpanDetector: Sendable {
    /// The rules, in the order they run.
    public var rules: [SpanRule]

    /// A detector running `rules`.
    public init(rules: [SpanRule]) { self.rules = rules }

    /// The spans of `line` (no line terminator inside), as UTF-8 ranges of the line, given the
    /// ranges already taken.
    public func spans(in line: String, occupied: [Range<Int>]) -> [Span] {
        guard !rules.isEmpty, !line.isEmpty else { return [] }
        var taken = occupied
        var result: [Span] = []
        let bytes = Array(line.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            for rule in rules {
                var position = 0
                while position <= buffer.count,
                    let match = rule.pattern.firstMatch(in: buffer, from: position)
                {
                    let range = match.start..<match.end
                    guard !range.isEmpty else {
                        position = Self.nextScalar(after: match.start, in: buffer)
                        continue
                    }
                    position = range.upperBound
                    let text = line.utf8[
                        line.utf8.index(
                            line.startIndex, offsetBy: range.lowerBound)..<line.utf8.index(
                                line.startIndex, offsetBy: range.upperBound)]
                    guard !taken.contains(where: { $0.overlaps(range) }),
                        let attribute = rule.attribute(for: Substring(text))
                    else { continue }
                    taken.append(range)
                    result.append(Span(range: range, attribute: attribute))
                }
            }
        }
        return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The offset of the scalar after the one at `offset` (past the end when there is none).
    private static func nextScalar(after offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var next = offset + 1
        while next < buffer.count, buffer[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
