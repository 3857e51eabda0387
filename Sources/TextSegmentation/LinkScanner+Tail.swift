extension LinkScanner {
    /// Reads a path, query and fragment from `start` (which must hold `/`, `?` or `#` for
    /// there to be one) of the link starting at `linkStart`; returns where the link ends.
    ///
    /// Trailing `.,:;!?*_~` and lone `?`/`#` count only when more of the link follows them;
    /// brackets count only when balanced, quotes only in pairs (or `'` inside a word, as in
    /// `I'm`). Whitespace, `<`, `>` and an unbalanced closing bracket end the link, and so does
    /// the quote, backtick or bar the link was opened by (`"http://a.com/x","…"`, `` `url` ``).
    func scanTail(from start: Int, linkStart: Int) -> Int {
        guard start < count else { return start }
        let opener = linkStart > 0 ? bytes[linkStart - 1] : 0
        let delimiter: UInt8? = [ASCII.quote, ASCII.apostrophe, 0x60, 0x7C].contains(opener) ? opener : nil
        switch bytes[start] {
        case ASCII.slash, ASCII.question, 0x23: break
        default: return start
        }
        var committed = start
        var position = start
        scan: while position < count {
            let byte = bytes[position]
            if byte == delimiter { break scan }
            switch byte {
            case ASCII.openParen, ASCII.openBracket, ASCII.openBrace:
                guard let close = matchingClose(from: position) else { break scan }
                position = close + 1
                committed = position
            case ASCII.closeParen, ASCII.closeBracket, ASCII.closeBrace, ASCII.lessThan, ASCII.greaterThan:
                break scan
            case ASCII.quote, ASCII.apostrophe:
                if let close = closingQuote(from: position) {
                    position = close + 1
                    committed = position
                } else if byte == ASCII.apostrophe, position + 1 < count,
                    bytes[position + 1] == ASCII.hyphen || characterClass(at: position + 1) == .letter
                {
                    position += 1
                } else {
                    break scan
                }
            case ASCII.dot, 0x2C, ASCII.colon, 0x3B, 0x21, ASCII.question, 0x23, 0x2A, ASCII.underscore, 0x7E:
                // `.,:;!?#*_~`: part of the link only if something else follows (Markdown
                // emphasis `*url*`, `_url_`, `~~url~~` ends with them).
                position += 1
            default:
                if byte < 0x80 {
                    guard byte > ASCII.space, byte != 0x7F else { break scan }
                    position += 1
                    committed = position
                } else {
                    let (value, length) = scalar(at: position)
                    switch CharacterClass.of(value) {
                    case .space, .separator: break scan
                    // Non-ASCII punctuation (`。`, `、`, `」`) ends a sentence as `.` does.
                    case .punctuation: position += length
                    case .symbol, .letter:
                        position += length
                        committed = position
                    }
                }
            }
        }
        return committed
    }

    /// The index of the bracket closing the one at `open`, with nested brackets balanced and
    /// no whitespace in between; nil when there is none.
    func matchingClose(from open: Int) -> Int? {
        var expected: [UInt8] = [closer(of: bytes[open])]
        var position = open + 1
        while position < count {
            let byte = bytes[position]
            switch byte {
            case ASCII.openParen, ASCII.openBracket, ASCII.openBrace:
                expected.append(closer(of: byte))
            case ASCII.closeParen, ASCII.closeBracket, ASCII.closeBrace:
                guard expected.last == byte else { return nil }
                expected.removeLast()
                if expected.isEmpty { return position }
            default:
                if byte <= ASCII.space || byte == 0x7F { return nil }
                if byte >= 0x80, characterClass(at: position) == .space { return nil }
            }
            position += 1
        }
        return nil
    }

    func closer(of open: UInt8) -> UInt8 {
        switch open {
        case ASCII.openParen: return ASCII.closeParen
        case ASCII.openBracket: return ASCII.closeBracket
        default: return ASCII.closeBrace
        }
    }

    /// The index of the quote closing the one at `open`, with at least one character between
    /// and no whitespace; nil when there is none.
    func closingQuote(from open: Int) -> Int? {
        let quote = bytes[open]
        var position = open + 1
        while position < count {
            let byte = bytes[position]
            if byte == quote { return position > open + 1 ? position : nil }
            if byte <= ASCII.space || byte == 0x7F { return nil }
            if byte >= 0x80, characterClass(at: position) == .space { return nil }
            position += 1
        }
        return nil
    }

    /// The end of a link written as Markdown's `<url>` or `[text](url)`: everything up to the
    /// closing delimiter, exactly as written. Other links keep their end.
    func markdownEnd(of candidate: Candidate) -> Int {
        let start = candidate.start
        if start >= 1, bytes[start - 1] == ASCII.lessThan {
            var position = candidate.end
            while position < count {
                if bytes[position] == ASCII.greaterThan { return position }
                let kind = characterClass(at: position)
                if kind == .space || bytes[position] == ASCII.lessThan { break }
                position += 1
            }
        } else if start >= 2, bytes[start - 2] == ASCII.closeBracket, bytes[start - 1] == ASCII.openParen {
            var depth = 0
            var position = candidate.end
            while position < count {
                let byte = bytes[position]
                if byte == ASCII.openParen { depth += 1 }
                if byte == ASCII.closeParen {
                    if depth == 0 { return position }
                    depth -= 1
                }
                if characterClass(at: position) == .space { return depth == 0 ? position : candidate.end }
                position += 1
            }
        }
        return candidate.end
    }
}
