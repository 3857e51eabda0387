/// One pass of link detection over UTF-8 bytes; ``LinkDetector`` states the rules.
///
/// Among the links that could start in the text still to scan, the one starting first wins
/// (the longer on a tie); scanning resumes after it, as if the text began there.
struct LinkScanner {
    /// A link one matcher found, before it competes with the others.
    struct Candidate {
        var start: Int
        var end: Int
        var kind: DetectedLink.Kind
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let configuration: LinkDetector.Configuration
    let suffixes: PublicSuffixList
    // Where the text still to scan starts: matchers never look before it, and treat it as the
    // start of the text, since the previous link ends there.
    var floor = 0

    init(
        bytes: UnsafeBufferPointer<UInt8>, configuration: LinkDetector.Configuration,
        suffixes: PublicSuffixList
    ) {
        self.bytes = bytes
        self.configuration = configuration
        self.suffixes = suffixes
    }

    var count: Int { bytes.count }

    /// Every link in the bytes, in order.
    mutating func run() -> [DetectedLink] {
        var links: [DetectedLink] = []
        var cursor = 0
        while cursor < count {
            var best: Candidate?
            var position = cursor
            while position < count {
                // A trigger right at the best link's end can still start there or before it
                // (the `@` of `192.168.1.1@gmail.com`); later ones cannot.
                if let best, position > best.end { break }
                guard Self.isTrigger(bytes[position]) else {
                    position += 1
                    continue
                }
                let (candidate, resume) = match(at: position)
                if let candidate, candidate.end > candidate.start, Self.isBetter(candidate, than: best) {
                    best = candidate
                }
                position = max(resume, position + 1)
            }
            guard var found = best else { break }
            found.end = markdownEnd(of: found)
            links.append(link(for: found))
            cursor = found.end
            floor = found.end
        }
        return links
    }

    /// Whether `byte` is one every link contains: `.`, `/`, `:` or `@`.
    @inline(__always)
    static func isTrigger(_ byte: UInt8) -> Bool {
        // Bits 0x2E `.`, 0x2F `/` and 0x3A `:` of a 64-bit mask, and `@` (0x40) apart.
        let mask: UInt64 = (1 << 0x2E) | (1 << 0x2F) | (1 << 0x3A)
        return byte < 64 ? (mask >> UInt64(byte)) & 1 == 1 : byte == 0x40
    }

    static func isBetter(_ candidate: Candidate, than best: Candidate?) -> Bool {
        guard let best else { return true }
        return candidate.start < best.start || (candidate.start == best.start && candidate.end > best.end)
    }

    /// Runs the matcher for the trigger byte at `position`; returns its link, if any, and where
    /// to look for the next trigger.
    func match(at position: Int) -> (Candidate?, resume: Int) {
        let (candidate, resume): (Candidate?, Int)
        switch bytes[position] {
        case ASCII.dot: (candidate, resume) = matchHost(aroundDot: position)
        case ASCII.colon: (candidate, resume) = (matchScheme(colon: position), position + 1)
        case ASCII.at: (candidate, resume) = (matchEmail(at: position), position + 1)
        default: (candidate, resume) = matchProtocolRelative(slash: position)
        }
        guard let candidate, hasBalancedDelimiters(candidate) else { return (nil, resume) }
        return (candidate, resume)
    }

    /// A link next to `_` or `~` must sit between a matching pair, as Markdown emphasis and
    /// strikethrough put them (`_www.a.org_`, `~~a.org~~`): a lone one (`_a.org`, `a.org_`)
    /// belongs to an identifier or a path, not to the link's surroundings.
    func hasBalancedDelimiters(_ candidate: Candidate) -> Bool {
        let before: UInt8? = candidate.start > floor ? bytes[candidate.start - 1] : nil
        let after: UInt8? = candidate.end < count ? bytes[candidate.end] : nil
        let delimiters: [UInt8] = [ASCII.underscore, 0x7E]
        let touchesOne = before.map(delimiters.contains) == true || after.map(delimiters.contains) == true
        return !touchesOne || before == after
    }

    func link(for candidate: Candidate) -> DetectedLink {
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[candidate.start..<candidate.end]), as: UTF8.self)
        let target: String
        switch candidate.kind {
        case .url: target = text
        case .protocolRelative: target = "http:" + text
        case .host: target = "http://" + text
        case .emailAddress: target = "mailto:" + text
        }
        return DetectedLink(utf8Range: candidate.start..<candidate.end, target: target, kind: candidate.kind)
    }
}
