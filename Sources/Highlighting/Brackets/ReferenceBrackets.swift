import DocumentStorage
import GrammarEngine
import TextRope

/// The from-scratch bracket pairs the bracket layer must equal, by the plainest means: the
/// whole text tokenized line by line from the initial state, every token classified from its
/// whole scope path, bracket texts tried at every byte of the tokens whose brackets count
/// (longest first, words only whole), and the pairs found with an array as the stack.
///
/// It shares nothing with the highlighter's bracket code (no `BracketSet`, `BracketStack` or
/// line store), only the grammar's `tokenizeLine` and the classification's rules.
public enum ReferenceBrackets {
    /// The brackets of `text`, in order, one per bracket.
    public static func brackets(
        of text: String, grammar: Grammar, pairs: [BracketPair],
        classification: TokenClassification = .standard
    ) -> [BracketSpan] {
        let bytes = Array(text.utf8)
        let candidates = pairs.enumerated().flatMap { index, pair in
            [(Array(pair.open.utf8), index, true), (Array(pair.close.utf8), index, false)]
        }.filter { !$0.0.isEmpty }.sorted { $0.0.count > $1.0.count }
        var found: [(range: Range<Int>, pair: Int, isOpen: Bool)] = []
        var state: RuleStack?
        var lineStart = 0
        while lineStart <= bytes.count {
            var contentEnd = lineStart
            while contentEnd < bytes.count, bytes[contentEnd] != 0x0A, bytes[contentEnd] != 0x0D {
                contentEnd += 1
            }
            let line = String(decoding: bytes[lineStart..<contentEnd], as: UTF8.self)
            let tokenization = grammar.tokenizeLine(line, state: state)
            state = tokenization.endState
            let tokens = tokenization.tokens
            for (index, token) in tokens.enumerated() {
                let end = min(
                    index + 1 < tokens.count ? tokens[index + 1].start : .max, contentEnd - lineStart)
                let scopes = token.scopes.scopeNames
                guard classification.countsBrackets(kind: classification.kind(of: scopes), scopes: scopes)
                else {
                    continue
                }
                var column = token.start
                next: while column < end {
                    for (textBytes, pair, isOpen) in candidates
                    where column + textBytes.count <= end
                        && bytes[(lineStart + column)..<(lineStart + column + textBytes.count)].elementsEqual(
                            textBytes)
                    {
                        if isWord(textBytes.first!) || isWord(textBytes.last!) {
                            let before = column > 0 && isWord(bytes[lineStart + column - 1])
                            let after =
                                lineStart + column + textBytes.count < contentEnd
                                && isWord(bytes[lineStart + column + textBytes.count])
                            if before || after { continue }
                        }
                        found.append(
                            ((lineStart + column)..<(lineStart + column + textBytes.count), pair, isOpen))
                        column += textBytes.count
                        continue next
                    }
                    column += 1
                }
            }
            guard contentEnd < bytes.count else { break }
            let isPair =
                bytes[contentEnd] == 0x0D && contentEnd + 1 < bytes.count && bytes[contentEnd + 1] == 0x0A
            lineStart = contentEnd + (isPair ? 2 : 1)
        }
        var stack: [Int] = []
        return found.map { bracket in
            let range = Range(bytes: bracket.range)
            if bracket.isOpen {
                stack.append(bracket.pair)
                return BracketSpan(
                    range: range, mark: BracketMark(depth: Int32(stack.count - 1), isOpen: true))
            }
            guard let index = stack.lastIndex(of: bracket.pair) else {
                return BracketSpan(range: range, mark: .unexpected)
            }
            stack.removeSubrange(index...)
            return BracketSpan(range: range, mark: BracketMark(depth: Int32(index), isOpen: false))
        }
    }

    /// The brackets of a storage's bracket layer, one per bracket: adjacent unexpected brackets
    /// share a run of the layer, and are cut apart where `reference` has them.
    public static func layer(of storage: TextStorage, cutBy reference: [BracketSpan]) -> [BracketSpan] {
        var result: [BracketSpan] = []
        var index = 0
        for span in storage.brackets(in: storage.text.utf8Range) {
            while index < reference.count, reference[index].range.lowerBound < span.range.lowerBound {
                index += 1
            }
            var inside: [BracketSpan] = []
            var probe = index
            while probe < reference.count, reference[probe].range.upperBound <= span.range.upperBound {
                inside.append(reference[probe])
                probe += 1
            }
            if span.mark.isUnexpected, inside.count > 1, inside.allSatisfy({ $0.mark.isUnexpected }),
                inside.first?.range.lowerBound == span.range.lowerBound,
                inside.last?.range.upperBound == span.range.upperBound
            {
                result += inside
            } else {
                result.append(span)
            }
        }
        return result
    }

    /// Letters, digits, `_` and the bytes of non-ASCII characters.
    static func isWord(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == 0x5F || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || (byte >= 0x30 && byte <= 0x39)
    }
}
