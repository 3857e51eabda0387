extension LinkDetector {
    /// What a ``LinkDetector`` looks for.
    public struct Configuration: Sendable, Hashable {
        /// Schemes recognised as `scheme://…` links, lowercase. `mailto:` is always
        /// recognised; add others (`ssh`, `git`, `vscode`) to detect them too.
        public var schemes: Set<String>

        /// Whether `//host/path` (no scheme) is a link; it needs `localhost` or a dotted host.
        public var detectsProtocolRelativeURLs: Bool

        /// Whether `www.` hosts and bare domains ending in a public suffix are links.
        public var detectsBareDomains: Bool

        /// Whether bare IPv4 addresses (`192.168.1.1/path`) are links.
        public var detectsBareIPAddresses: Bool

        /// Whether e-mail addresses without `mailto:` are links.
        public var detectsEmailAddresses: Bool

        /// The default: http, https, ftp, ftps and file URLs, and everything else on.
        public init(
            schemes: Set<String> = ["http", "https", "ftp", "ftps", "file"],
            detectsProtocolRelativeURLs: Bool = true,
            detectsBareDomains: Bool = true,
            detectsBareIPAddresses: Bool = true,
            detectsEmailAddresses: Bool = true
        ) {
            self.schemes = Set(schemes.map { $0.lowercased() })
            self.detectsProtocolRelativeURLs = detectsProtocolRelativeURLs
            self.detectsBareDomains = detectsBareDomains
            self.detectsBareIPAddresses = detectsBareIPAddresses
            self.detectsEmailAddresses = detectsEmailAddresses
        }
    }
}
