import Testing
import TextSegmentation

@Suite("LinkDetector")
struct LinkDetectorTests {
    let detector = LinkDetector()

    /// Each link's text and target.
    func found(_ text: String, with detector: LinkDetector? = nil) -> [[String]] {
        (detector ?? self.detector).links(in: text).map { [String($0.text(in: text)), $0.target] }
    }

    @Test(arguments: [
        ("see www.example.com.", ["www.example.com", "http://www.example.com"]),
        ("example.co.uk/path?q=1#top", ["example.co.uk/path?q=1#top", "http://example.co.uk/path?q=1#top"]),
        ("mail me@example.org!", ["me@example.org", "mailto:me@example.org"]),
        ("//cdn.example.net/x.js", ["//cdn.example.net/x.js", "http://cdn.example.net/x.js"]),
        ("HTTPS://Example.COM:8443/", ["HTTPS://Example.COM:8443/", "HTTPS://Example.COM:8443/"]),
        ("ping 10.0.0.1:22", ["10.0.0.1:22", "http://10.0.0.1:22"]),
    ])
    func normalizesTargets(text: String, expected: [String]) {
        #expect(found(text) == [expected])
    }

    /// GitHub's autolink extension: emphasis and strikethrough delimiters around a link are
    /// not part of it, whichever link form is inside.
    @Test(arguments: [
        ("*https://example.com/a*", "https://example.com/a"),
        ("**https://example.com/b**", "https://example.com/b"),
        ("_https://example.com/c_", "https://example.com/c"),
        ("~~https://example.com/d~~", "https://example.com/d"),
        ("*www.example.org*", "www.example.org"),
        ("_www.example.org_", "www.example.org"),
        ("__example.com__", "example.com"),
        ("~~www.example.org~~", "www.example.org"),
        ("(_www.example.org_)", "www.example.org"),
        ("*me@example.org*", "me@example.org"),
    ])
    func linksInsideEmphasisLeaveTheDelimitersOut(text: String, link: String) {
        let prose = LinkDetector(configuration: .prose)
        #expect(found("see \(text) now", with: prose).map { $0[0] } == [link])
        #expect(found("\(text)", with: prose).map { $0[0] } == [link])
    }

    @Test func anUnderscoreInsideAnIdentifierIsNoEmphasis() {
        let prose = LinkDetector(configuration: .prose)
        #expect(found("snake_www.example.org and x__example.com", with: prose).isEmpty)
        #expect(found("www.example.org_x and example.com__y", with: prose).isEmpty)
        #expect(found("a_https://example.com/b", with: prose).isEmpty)
    }

    @Test func findsEveryLinkInALine() {
        let text = "a http://a.com, b www.b.org; c c@d.io and (e.net)."
        #expect(found(text).map { $0[0] } == ["http://a.com", "www.b.org", "c@d.io", "e.net"])
    }

    @Test func ipv6HostsWithPorts() {
        #expect(
            found("go http://[2001:db8::1]:8080/x now") == [
                ["http://[2001:db8::1]:8080/x", "http://[2001:db8::1]:8080/x"]
            ])
        #expect(found("http://[::1]/") == [["http://[::1]/", "http://[::1]/"]])
        #expect(found("http://[12345::1]/").isEmpty)
    }

    @Test func userInfoAndPorts() {
        #expect(
            found("ftp://me:secret@files.example.com:21/pub").map { $0[0] } == [
                "ftp://me:secret@files.example.com:21/pub"
            ])
        #expect(found("http://example.com:65536/").isEmpty)
    }

    @Test func fileURLsMayHaveNoHost() {
        #expect(found("open file:///etc/hosts.") == [["file:///etc/hosts", "file:///etc/hosts"]])
    }

    @Test func customSchemesComeFromTheConfiguration() {
        let text = "clone ssh://git@example.com/repo.git"
        // Without `ssh` configured, `git@example.com` follows `/`, so it is no address either.
        #expect(found(text).isEmpty)
        var configuration = LinkDetector.Configuration()
        configuration.schemes.insert("ssh")
        let custom = LinkDetector(configuration: configuration)
        #expect(
            found(text, with: custom) == [
                ["ssh://git@example.com/repo.git", "ssh://git@example.com/repo.git"]
            ])
    }

    @Test func markdownDelimitersGiveTheirURLExactly() {
        #expect(found("[docs](https://example.com/a_(b)).").map { $0[0] } == ["https://example.com/a_(b)"])
        #expect(found("[docs](https://example.com/end.)").map { $0[0] } == ["https://example.com/end."])
        #expect(found("<https://example.com/end.>").map { $0[0] } == ["https://example.com/end."])
    }

    @Test func quotesAndBackticksThatOpenALinkCloseIt() {
        let json = #"{"home": "http://a.com/x","docs":"https://b.org/y?q=1"}"#
        #expect(found(json).map { $0[0] } == ["http://a.com/x", "https://b.org/y?q=1"])
        #expect(
            found("see `https://example.com/path` and 'www.example.com/a'").map { $0[0] } == [
                "https://example.com/path", "www.example.com/a",
            ])
        #expect(found("http://foo.com/blah_\"quoted\"").map { $0[0] } == [#"http://foo.com/blah_"quoted""#])
    }

    @Test func markdownEmphasisIsNotPartOfALink() {
        // (`_http://…_` stays no link: linkify-it's not-links forbid a scheme right after `_`.)
        let text = "*http://a.com/x* **http://b.com/y** ~~http://c.com/z~~ |http://d.com/w|"
        #expect(
            found(text).map { $0[0] } == [
                "http://a.com/x", "http://b.com/y", "http://c.com/z", "http://d.com/w",
            ])
        #expect(found("http://a.com/snake_case_name").map { $0[0] } == ["http://a.com/snake_case_name"])
    }

    @Test func schemesMayFollowCJKWithoutSpace() {
        #expect(found("詳細はhttps://example.com/ を参照").map { $0[0] } == ["https://example.com/"])
        #expect(found("xhttps://example.com/").isEmpty)
    }

    @Test func unicodeHostsAndPaths() {
        #expect(found("見て http://bücher.de/straße ok").map { $0[0] } == ["http://bücher.de/straße"])
        #expect(found("президент.рф") == [["президент.рф", "http://президент.рф"]])
    }

    @Test func bareDomainsNeedARealPublicSuffix() {
        #expect(found("example.com").count == 1)
        #expect(found("file.notatld").isEmpty)
        #expect(found("version 1.2.10").isEmpty)
        #expect(found("github.io").count == 1)
        #expect(found("пример.xn--p1ai") == [["пример.xn--p1ai", "http://пример.xn--p1ai"]])
    }

    @Test func memberCallsInCodeAreNoDomains() {
        // `.call`, `.map` and `.store` are gTLDs, but a `(` or `[` right after means code.
        #expect(found("callback.call(this); jQuery.map(xs); items.store[0]").isEmpty)
        #expect(found("(see example.com)").map { $0[0] } == ["example.com"])
    }

    @Test func sourceCodePresetKeepsOnlyExplicitLinks() {
        let code = LinkDetector(configuration: .sourceCode)
        let text = "elem.style; 10.0.0.1 //cdn.example.net www.example.com me@example.org https://a.io/x"
        #expect(
            found(text, with: code).map { $0[0] } == ["www.example.com", "me@example.org", "https://a.io/x"])
        #expect(found(text).count == 6)
    }

    @Test func rangesAreUTF8WithUTF16Conversion() throws {
        let text = "日本 https://example.com"
        let link = try #require(detector.links(in: text).first)
        #expect(link.utf8Range == 7..<26)
        #expect(link.utf16Range(in: text) == 3..<22)
        #expect(TextOffsets.utf8Offset(fromUTF16: 3, in: text) == 7)
        #expect(TextOffsets.utf16Offset(fromUTF8: 7, in: text) == 3)
    }

    @Test func invalidUTF8NeverTraps() {
        let bytes: [UInt8] = [
            0x68, 0x74, 0x74, 0x70, 0x3A, 0x2F, 0x2F, 0xFF, 0xC3, 0x2E, 0x63, 0x6F, 0x6D, 0xE2,
        ]
        let links = bytes.withUnsafeBufferPointer { detector.links(inUTF8: $0) }
        #expect(links.allSatisfy { $0.utf8Range.upperBound <= bytes.count })
    }
}
