extension LinkScanner {
    /// A host name or IPv4 address the scanner read.
    struct Host {
        var start: Int
        var end: Int
        var labelCount: Int
        var firstLabel: Range<Int>
        var lastLabel: Range<Int>
        var isIPv4: Bool
    }

    /// Reads a host from `start`: dot-separated labels of letters, digits and inner hyphens
    /// (any script). A dot not followed by a label is not part of the host. Nil when there is
    /// no label or a label starts or ends with `-`.
    func scanHost(from start: Int) -> Host? {
        var position = start
        var labelCount = 0
        var firstLabel = start..<start
        var lastLabel = start..<start
        var octets = 0
        while true {
            let labelStart = position
            var digitsOnly = true
            while position < count {
                let (value, length) = scalar(at: position)
                if value == UInt32(ASCII.hyphen) || CharacterClass.of(value) == .letter {
                    digitsOnly = digitsOnly && value < 0x80 && ASCII.isDigit(UInt8(value))
                    position += length
                } else {
                    break
                }
            }
            guard position > labelStart, bytes[labelStart] != ASCII.hyphen,
                bytes[position - 1] != ASCII.hyphen, position - labelStart <= 255
            else { return nil }
            labelCount += 1
            lastLabel = labelStart..<position
            if labelCount == 1 { firstLabel = lastLabel }
            if digitsOnly, position - labelStart <= 3, decimalValue(lastLabel) <= 255 { octets += 1 }
            guard position + 1 < count, bytes[position] == ASCII.dot,
                characterClass(at: position + 1) == .letter
            else { break }
            position += 1
        }
        return Host(
            start: start, end: position, labelCount: labelCount, firstLabel: firstLabel,
            lastLabel: lastLabel, isIPv4: labelCount == 4 && octets == 4)
    }

    /// Reads a bracketed IPv6 address (`[2001:db8::1]`) from `start`; returns its end.
    func scanIPv6(from start: Int) -> Int? {
        guard start < count, bytes[start] == ASCII.openBracket else { return nil }
        var position = start + 1
        var groups = 0
        var digits = 0
        var compressed = false
        var previousWasColon = false
        var groupHasDot = false
        while position < count, bytes[position] != ASCII.closeBracket {
            let byte = bytes[position]
            if byte == ASCII.colon {
                if previousWasColon {
                    guard !compressed else { return nil }
                    compressed = true
                } else if digits > 0 {
                    groups += 1
                }
                digits = 0
                groupHasDot = false
                previousWasColon = true
            } else if ASCII.isDigit(byte) || (ASCII.lowercased(byte) &- 0x61 < 6) || byte == ASCII.dot {
                // A group has 4 hex digits, or is a trailing IPv4 part (`::ffff:1.2.3.4`) of up to 15.
                digits += 1
                groupHasDot = groupHasDot || byte == ASCII.dot
                guard digits <= (groupHasDot ? 15 : 4) else { return nil }
                previousWasColon = false
            } else {
                return nil
            }
            position += 1
        }
        guard position < count, position - start >= 3 else { return nil }
        if digits > 0 { groups += 1 }
        guard compressed ? groups <= 7 : (7...8).contains(groups) else { return nil }
        return position + 1
    }

    /// After a host ending at `position`: the port (`:` and 0–65535), then the check that the
    /// host really ends there. Returns the position after the port, or nil when what follows
    /// means the text is no link (a bad port, `-`, `_`, a letter or symbol).
    func scanPortAndTerminator(from position: Int) -> Int? {
        var position = position
        if position + 1 < count, bytes[position] == ASCII.colon, ASCII.isDigit(bytes[position + 1]) {
            var value = 0
            var end = position + 1
            while end < count, ASCII.isDigit(bytes[end]) {
                value = value * 10 + Int(bytes[end] - 0x30)
                guard end - position <= 5, value <= 65535 else { return nil }
                end += 1
            }
            position = end
        }
        return isHostTerminator(at: position) ? position : nil
    }

    /// Whether a host may end right before byte `position`.
    func isHostTerminator(at position: Int) -> Bool {
        guard position < count else { return true }
        switch bytes[position] {
        case ASCII.hyphen:
            return false
        case ASCII.underscore, 0x7E:
            // Closing Markdown emphasis or strikethrough (`_www.a.org_`, `~~a.org~~`), not
            // an identifier going on (`a.org_x`).
            return isClosingDelimiterRun(at: position)
        case ASCII.colon:
            return !(position + 1 < count && ASCII.isDigit(bytes[position + 1]))
        case ASCII.dot:
            guard position + 1 < count else { return true }
            let next = characterClass(at: position + 1)
            return bytes[position + 1] != ASCII.hyphen && next != .letter && next != .symbol
        default:
            let next = characterClass(at: position)
            return next == .space || next == .punctuation || next == .separator
        }
    }

    /// Whether the run of `_` or `~` at `position` ends where a word could: at the end, or
    /// before whitespace, punctuation or a separator.
    func isClosingDelimiterRun(at position: Int) -> Bool {
        let delimiter = bytes[position]
        var end = position
        while end < count, bytes[end] == delimiter { end += 1 }
        guard end < count else { return true }
        let next = characterClass(at: end)
        return next == .space || next == .punctuation || next == .separator
    }

    /// The decimal value of an ASCII digit run (at most a few digits).
    func decimalValue(_ range: Range<Int>) -> Int {
        var value = 0
        for index in range { value = value * 10 + Int(bytes[index] &- 0x30) }
        return value
    }

    /// Whether the label in `range` equals `word` (ASCII, lowercase), ignoring case.
    func label(_ range: Range<Int>, equals word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for (offset, index) in range.enumerated() where ASCII.lowercased(bytes[index]) != pointer[offset] {
            return false
        }
        return true
    }

    /// Whether the label in `range` is a public suffix (`com`, `рф`, `xn--p1ai`).
    func isPublicSuffix(_ range: Range<Int>) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        if raw.allSatisfy({ $0 < 0x80 }) {
            guard !raw.allSatisfy(ASCII.isDigit) else { return false }
            return suffixes.isPublicSuffix(asciiLabel: raw)
        }
        return suffixes.isPublicSuffix(String(decoding: raw, as: UTF8.self).lowercased())
    }
}
