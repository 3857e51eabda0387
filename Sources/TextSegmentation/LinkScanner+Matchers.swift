extension LinkScanner {
    /// A `scheme:` link whose colon is at `colon`: `scheme://authority/path` for configured
    /// schemes, `mailto:address`. The scheme must start the text or follow whitespace,
    /// punctuation other than `_`, or `<`/`>`.
    func matchScheme(colon: Int) -> Candidate? {
        let hasSlashes =
            colon + 2 < count && bytes[colon + 1] == ASCII.slash && bytes[colon + 2] == ASCII.slash
        // Cheap exit for the colons of code and prose: only `://` and `mailto:` can match.
        guard hasSlashes || (colon - floor >= 6 && label(colon - 6..<colon, equals: "mailto")) else {
            return nil
        }
        // Schemes are short; the cap keeps `a.a.a…a://` from costing quadratic time.
        let lowest = max(floor, colon - 32)
        var schemeStart = colon
        while schemeStart > lowest, isSchemeByte(bytes[schemeStart - 1]) {
            schemeStart -= 1
        }
        // `foo.http://` holds the scheme `http`: try each start after a non-alphanumeric byte.
        var start = schemeStart
        while start < colon {
            if ASCII.isLetter(bytes[start]), start == schemeStart || !ASCII.isAlphanumeric(bytes[start - 1]),
                isSchemeBoundary(before: start),
                let candidate = matchURL(start: start, colon: colon, hasSlashes: hasSlashes)
            {
                return candidate
            }
            start += 1
        }
        return nil
    }

    func isSchemeByte(_ byte: UInt8) -> Bool {
        ASCII.isAlphanumeric(byte) || byte == 0x2B || byte == ASCII.hyphen || byte == ASCII.dot
    }

    func isSchemeBoundary(before start: Int) -> Bool {
        let (kind, value) = characterClass(before: start)
        switch kind {
        case .space, .separator: return true
        case .punctuation:
            return value != UInt32(ASCII.underscore) || isEmphasisDelimiterRun(endingAt: start)
        // Markdown code spans, strikethrough and table cells: `` `url` ``, `~~url~~`, `|url|`.
        case .symbol: return value == 0x60 || value == 0x7E || value == 0x7C
        // Chinese and Japanese put no space before a URL: `詳細はhttps://…`.
        case .letter: return value >= 0x1100 && ColumnWidth.width(of: Unicode.Scalar(value) ?? "a") == 2
        }
    }

    /// The URL whose scheme is `start..<colon`, if the scheme is recognised and a valid
    /// authority (or address, for `mailto:`) follows.
    func matchURL(start: Int, colon: Int, hasSlashes: Bool) -> Candidate? {
        let scheme = String(decoding: bytes[start..<colon].map(ASCII.lowercased), as: UTF8.self)
        if scheme == "mailto" {
            return matchMailto(start: start, colon: colon)
        }
        guard hasSlashes, configuration.schemes.contains(scheme) else { return nil }
        let authority = skipUserInfo(from: colon + 3)
        if scheme == "file", authority < count, bytes[authority] == ASCII.slash {
            // `file:///path`: the host may be empty.
            let end = scanTail(from: authority, linkStart: start)
            return end > authority + 1 ? Candidate(start: start, end: end, kind: .url) : nil
        }
        let hostEnd: Int
        if authority < count, bytes[authority] == ASCII.openBracket {
            guard let end = scanIPv6(from: authority) else { return nil }
            hostEnd = end
        } else {
            guard let host = scanHost(from: authority) else { return nil }
            hostEnd = host.end
        }
        guard let afterPort = scanPortAndTerminator(from: hostEnd) else { return nil }
        return Candidate(start: start, end: scanTail(from: afterPort, linkStart: start), kind: .url)
    }

    /// `mailto:local@host` (any host, even a single label), with an optional `?query`.
    func matchMailto(start: Int, colon: Int) -> Candidate? {
        var at = colon + 1
        while at < count, isLocalPartByte(bytes[at]) {
            at += 1
        }
        guard at > colon + 1, at < count, bytes[at] == ASCII.at, bytes[colon + 1] != ASCII.dot,
            let host = scanHost(from: at + 1), isHostTerminator(at: host.end)
        else { return nil }
        return Candidate(start: start, end: scanTail(from: host.end, linkStart: start), kind: .url)
    }

    /// Skips `user:password@` at `start` if present; returns where the host starts.
    func skipUserInfo(from start: Int) -> Int {
        var position = start
        while position < count {
            let byte = bytes[position]
            switch byte {
            case ASCII.at: return position > start ? position + 1 : start
            case ASCII.slash, ASCII.question, 0x23, ASCII.openBracket, ASCII.closeBracket,
                ASCII.openParen, ASCII.closeParen, ASCII.lessThan, ASCII.greaterThan:
                return start
            default:
                if byte <= ASCII.space || byte == 0x7F { return start }
                if byte >= 0x80, characterClass(at: position) == .space { return start }
            }
            position += 1
        }
        return start
    }

    /// `//host/path` at `slash`: needs exactly two slashes, not after `:` or `/`, and a host
    /// that is `localhost` or has a dot.
    func matchProtocolRelative(slash: Int) -> (Candidate?, resume: Int) {
        var afterSlashes = slash
        while afterSlashes < count, bytes[afterSlashes] == ASCII.slash {
            afterSlashes += 1
        }
        guard configuration.detectsProtocolRelativeURLs, afterSlashes - slash == 2 else {
            return (nil, afterSlashes)
        }
        let (kind, value) = characterClass(before: slash)
        let boundary =
            kind == .space || kind == .separator
            || (kind == .punctuation && value != UInt32(ASCII.colon) && value != UInt32(ASCII.underscore))
        let authority = skipUserInfo(from: afterSlashes)
        guard boundary, let host = scanHost(from: authority),
            host.labelCount >= 2 || label(host.firstLabel, equals: "localhost"),
            let afterPort = scanPortAndTerminator(from: host.end)
        else { return (nil, afterSlashes) }
        let candidate = Candidate(
            start: slash, end: scanTail(from: afterPort, linkStart: slash), kind: .protocolRelative)
        return (candidate, afterSlashes)
    }
}
