extension LinkDetector {
    /// What a ``LinkDetector`` looks for.
    public struct Configuration: Sendable, Hashable {
        /// Schemes recognised as `scheme://…` links, lowercase. `mailto:` is always
        /// recognised; add others (`ssh`, `git`, `vscode`) to detect them too.
        public var schemes: Set<String>

        /// Whether `//host/path` (no scheme) is a link; it needs `localhost` or a dotted host.
        public var detectsProtocolRelativeURLs: Bool

        /// Whether hosts starting with `www.` and two more labels are links without a scheme.
        public var detectsWWWHosts: Bool

        /// Whether other domains without a scheme are links when their last label is on the
        /// Public Suffix List. In source code many such words are member accesses
        /// (`event.target`, `elem.style`): see ``sourceCode``.
        public var detectsBareDomains: Bool

        /// Whether bare IPv4 addresses (`192.168.1.1/path`) are links.
        public var detectsBareIPAddresses: Bool

        /// Whether e-mail addresses without `mailto:` are links.
        public var detectsEmailAddresses: Bool

        /// The default: http, https, ftp, ftps and file URLs, and everything else on.
        public init(
            schemes: Set<String> = ["http", "https", "ftp", "ftps", "file"],
            detectsProtocolRelativeURLs: Bool = true,
            detectsWWWHosts: Bool = true,
            detectsBareDomains: Bool = true,
            detectsBareIPAddresses: Bool = true,
            detectsEmailAddresses: Bool = true
        ) {
            self.schemes = Set(schemes.map { $0.lowercased() })
            self.detectsProtocolRelativeURLs = detectsProtocolRelativeURLs
            self.detectsWWWHosts = detectsWWWHosts
            self.detectsBareDomains = detectsBareDomains
            self.detectsBareIPAddresses = detectsBareIPAddresses
            self.detectsEmailAddresses = detectsEmailAddresses
        }

        /// Everything on: prose, Markdown, plain text, comments meant for people.
        public static let prose = Configuration()

        /// For source code: URLs with a scheme, `www.` hosts and e-mail addresses only, as
        /// code editors detect links. Bare domains, bare IPv4 addresses and `//host` are off,
        /// since `event.target`, `1.2.3.4` and `//jQuery.fn` are code there.
        public static let sourceCode = Configuration(
            detectsProtocolRelativeURLs: false, detectsBareDomains: false, detectsBareIPAddresses: false)
    }
}

extension LinkDetector.Configuration {
    /// The preset for a document whose grammar has this root scope: prose for text documents
    /// (`text.*`: plain text, Markdown, LaTeX, commit messages, or no grammar at all), source
    /// code for the rest, where dotted names such as `event.target` are not domains.
    public static func forRootScope(_ scopeName: String?) -> LinkDetector.Configuration {
        guard let scopeName, !scopeName.hasPrefix("text.") else { return .prose }
        return .sourceCode
    }
}
