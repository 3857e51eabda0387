extension LinkScanner {
    /// A link without a scheme around the dot at `dot`: a `www.` host, a domain ending in a
    /// public suffix, or an IPv4 address, with optional port and path. The host must start
    /// the text or follow whitespace, `<`, `>`, an ASCII symbol, or punctuation other than
    /// `.:/-_@` (so `path:to:file.pm`, `/a/file.pl` and `@example.com` are no links).
    ///
    /// Every dot of one host gives the same answer, so scanning resumes after the host.
    func matchHost(aroundDot dot: Int) -> (Candidate?, resume: Int) {
        var start = dot
        while start > floor {
            let previous = scalarStart(before: start)
            guard isHostRunScalar(scalar(at: previous).value) else { break }
            start = previous
        }
        var end = dot + 1
        while end < count {
            let (value, length) = scalar(at: end)
            guard isHostRunScalar(value) else { break }
            end += length
        }
        let enabled =
            configuration.detectsBareDomains || configuration.detectsBareIPAddresses
            || configuration.detectsWWWHosts
        guard enabled, start < dot,
            isHostBoundary(before: start), let host = scanHost(from: start), host.end > dot,
            isAcceptedBareHost(host), let afterPort = scanPortAndTerminator(from: host.end),
            !looksLikeCode(host: host, end: afterPort)
        else { return (nil, end) }
        return (Candidate(start: start, end: scanTail(from: afterPort, linkStart: start), kind: .host), end)
    }

    /// Whether a bare domain is really a member access in code: `callback.call(x)`,
    /// `jQuery.map(…)`, `items.store[0]`. Many gTLDs are common identifiers (`call`, `map`,
    /// `store`, `data`), and prose rarely puts `(` or `[` right after a domain.
    func looksLikeCode(host: Host, end: Int) -> Bool {
        guard !host.isIPv4, end == host.end, end < count else { return false }
        return bytes[end] == ASCII.openParen || bytes[end] == ASCII.openBracket
    }

    func isHostRunScalar(_ value: UInt32) -> Bool {
        value == UInt32(ASCII.dot) || value == UInt32(ASCII.hyphen) || CharacterClass.of(value) == .letter
    }

    func isHostBoundary(before start: Int) -> Bool {
        let (kind, value) = characterClass(before: start)
        switch kind {
        case .space, .separator, .symbol: return true
        case .punctuation where value == UInt32(ASCII.underscore):
            return isEmphasisDelimiterRun(endingAt: start)
        case .punctuation:
            return ![ASCII.dot, ASCII.colon, ASCII.slash, ASCII.hyphen, ASCII.underscore, ASCII.at]
                .contains { UInt32($0) == value }
        case .letter: return false
        }
    }

    /// Whether the `_` run ending right before `end` opens Markdown emphasis (`_www.a.org_`,
    /// `__a.example.com__`), as GitHub's autolinks allow, rather than joining an identifier
    /// (`snake_www.example.com`): the run must itself follow a host boundary.
    func isEmphasisDelimiterRun(endingAt end: Int) -> Bool {
        var start = end
        while start > floor, bytes[start - 1] == ASCII.underscore { start -= 1 }
        guard start > floor else { return true }
        let (kind, value) = characterClass(before: start)
        switch kind {
        case .space, .separator, .symbol: return true
        case .punctuation:
            return ![ASCII.dot, ASCII.colon, ASCII.slash, ASCII.hyphen, ASCII.at].contains {
                UInt32($0) == value
            }
        case .letter: return false
        }
    }

    /// Whether a host written without a scheme is a link: an IPv4 address, a `www.` host with
    /// two more labels, or a domain whose last label is a public suffix.
    func isAcceptedBareHost(_ host: Host) -> Bool {
        if host.isIPv4 { return configuration.detectsBareIPAddresses }
        guard host.labelCount >= 2 else { return false }
        if host.labelCount >= 3, label(host.firstLabel, equals: "www") {
            return configuration.detectsWWWHosts
        }
        return configuration.detectsBareDomains && isPublicSuffix(host.lastLabel)
    }

    /// An e-mail address around the `@` at `at`: a local part of letters, digits and
    /// `._%+-=&$"'`, then a host that is an IPv4 address or a domain ending in a public
    /// suffix. The local part must follow the text's start, whitespace, `<`, `>`, or
    /// punctuation other than `@._-/\`.
    func matchEmail(at: Int) -> Candidate? {
        guard configuration.detectsEmailAddresses else { return nil }
        var start = at
        while start > floor, isLocalPartByte(bytes[start - 1]) {
            start -= 1
        }
        // A local part starts with neither a dot nor a quote (`"test@example.com"`).
        while start < at, [ASCII.dot, ASCII.quote, ASCII.apostrophe].contains(bytes[start]) {
            start += 1
        }
        guard start < at, isEmailBoundary(before: start), let host = scanHost(from: at + 1),
            host.isIPv4 || (host.labelCount >= 2 && isPublicSuffix(host.lastLabel)),
            isHostTerminator(at: host.end)
        else { return nil }
        return Candidate(start: start, end: host.end, kind: .emailAddress)
    }

    func isLocalPartByte(_ byte: UInt8) -> Bool {
        if ASCII.isAlphanumeric(byte) { return true }
        switch byte {
        case ASCII.dot, ASCII.underscore, 0x25, 0x2B, ASCII.hyphen, 0x3D, 0x26, 0x24, ASCII.quote,
            ASCII.apostrophe:
            return true
        default: return false
        }
    }

    func isEmailBoundary(before start: Int) -> Bool {
        let (kind, value) = characterClass(before: start)
        switch kind {
        case .space, .separator: return true
        case .punctuation:
            return ![ASCII.at, ASCII.dot, ASCII.underscore, ASCII.hyphen, ASCII.slash, 0x5C]
                .contains { UInt32($0) == value }
        case .symbol, .letter: return false
        }
    }
}
