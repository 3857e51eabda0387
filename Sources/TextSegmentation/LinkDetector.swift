/// Finds the links in one line (or paragraph) of text: URLs with a scheme (user info, IPv4
/// or bracketed IPv6 hosts, ports, paths, queries, fragments), protocol-relative URLs, `www.`
/// hosts, bare domains whose last label is on the Public Suffix List, bare IPv4 addresses,
/// and e-mail addresses. Hosts may be in any script (IDN) or punycode.
///
/// Detection is a pure function of the text. It follows what people expect when they read
/// text: trailing `.`, `,`, `:`, `;`, `!`, `?`, `*`, `_`, `~` and unmatched quotes are not
/// part of a link, brackets and parentheses are kept only when balanced, a quote or backtick
/// that opens a link closes it, and a link written as Markdown's `<url>` or `[text](url)` is
/// exactly the text between the delimiters. The rules follow linkify-it's test fixtures.
///
/// ``Configuration/prose`` (the default) detects everything; ``Configuration/sourceCode``
/// keeps to links written explicitly, since code is full of `object.member` lookalikes.
///
/// A byte pre-scan looks for the characters every link contains (`.`, `:`, `@`, `/`) and
/// does heavier work only around them.
public struct LinkDetector: Sendable {
    /// What the detector looks for.
    public var configuration: Configuration

    /// The list that decides which bare domains are real.
    public let publicSuffixes: PublicSuffixList

    /// Makes a detector with `configuration`, judging bare domains with `publicSuffixes`.
    public init(
        configuration: Configuration = Configuration(),
        publicSuffixes: PublicSuffixList = .shared
    ) {
        self.configuration = configuration
        self.publicSuffixes = publicSuffixes
    }

    /// The links in `text`, in order, not overlapping; ranges are UTF-8 byte offsets into
    /// `text`.
    public func links(in text: String) -> [DetectedLink] {
        var text = text
        return text.withUTF8 { links(inUTF8: $0) }
    }

    /// The links in UTF-8 `bytes`, in order, not overlapping; ranges are byte offsets into
    /// `bytes`. Invalid UTF-8 never traps: each invalid byte reads as U+FFFD.
    public func links(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [DetectedLink] {
        var scanner = LinkScanner(bytes: bytes, configuration: configuration, suffixes: publicSuffixes)
        return scanner.run()
    }
}
