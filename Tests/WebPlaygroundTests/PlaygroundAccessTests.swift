import Testing

@testable import WebPlayground

/// The playground's door: the token in the query or the cookie, and the page's own origin.
struct PlaygroundAccessTests {
    let access = PlaygroundAccess(token: "0123456789abcdef0123456789abcdef", port: 4321)

    @Test func newTokensAreLongAndDiffer() {
        let first = PlaygroundAccess(port: 1)
        let second = PlaygroundAccess(port: 1)
        #expect(first.token.count == 32)
        #expect(first.token.allSatisfy { $0.isHexDigit })
        #expect(first.token != second.token)
    }

    @Test func onlyTheExactTokenInTheQueryIsAccepted() {
        #expect(access.queryHasToken("/rpc?token=0123456789abcdef0123456789abcdef"))
        #expect(access.queryHasToken("/?demo=code&token=0123456789abcdef0123456789abcdef"))
        #expect(!access.queryHasToken("/rpc"))
        #expect(!access.queryHasToken("/rpc?token="))
        #expect(!access.queryHasToken("/rpc?token=0123456789abcdef0123456789abcde"))
        #expect(!access.queryHasToken("/rpc?token=0123456789abcdef0123456789abcdef0"))
        #expect(!access.queryHasToken("/rpc?xtoken=0123456789abcdef0123456789abcdef"))
        #expect(!access.queryHasToken("/0123456789abcdef0123456789abcdef"))
    }

    @Test func theCookieCarriesTheTokenAmongOthers() {
        #expect(access.cookieHasToken("a=1; highlightd-playground=0123456789abcdef0123456789abcdef; b=2"))
        #expect(!access.cookieHasToken("highlightd-playground=wrong"))
        #expect(!access.cookieHasToken("other=0123456789abcdef0123456789abcdef"))
        #expect(!access.cookieHasToken(nil))
    }

    @Test func onlyThePagesOwnOriginMayOpenTheWebSocket() {
        #expect(access.isOwnOrigin("http://127.0.0.1:4321"))
        #expect(access.isOwnOrigin("http://localhost:4321"))
        #expect(!access.isOwnOrigin("http://127.0.0.1:4322"))
        #expect(!access.isOwnOrigin("https://127.0.0.1:4321"))
        #expect(!access.isOwnOrigin("null"))
        #expect(!access.isOwnOrigin("http://evil.example"))
        #expect(!access.isOwnOrigin(nil))
    }

    @Test func thePrintedURLCarriesTheToken() {
        #expect(access.pageURL == "http://127.0.0.1:4321/?token=0123456789abcdef0123456789abcdef")
    }
}
