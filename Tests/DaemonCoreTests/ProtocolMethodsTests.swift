import JSONRPC
import Testing

/// `initialize` lists the `textStorage/` methods from the same lists the dispatch switches
/// over: each listed request is answered (never -32601), and each unlisted name is not.
@Suite struct ProtocolMethodsTests {
    static func methods() throws -> (requests: [String], notifications: [String]) {
        let transcript = Transcript.uninitialized()
        let result = try transcript.request("initialize", ["capabilities": [:]]).get()
        let methods = result["capabilities"]?["experimental"]?["textStorage"]?["methods"]
        let names = { (field: String) in (methods?[field]?.arrayValue ?? []).compactMap(\.stringValue) }
        return (names("requests"), names("notifications"))
    }

    @Test func theListedMethodsAreTheDocumentedOnes() throws {
        let (requests, notifications) = try Self.methods()
        #expect(
            Set(requests) == [
                "textStorage/attributes", "textStorage/lineBreaks", "textStorage/layout", "textStorage/edit",
                "textStorage/adjustSelection", "textStorage/convert", "textStorage/export",
                "textStorage/language",
            ])
        #expect(Set(notifications) == ["textStorage/edit", "textStorage/viewport"])
    }

    @Test func everyListedRequestIsAnsweredAndAnUnlistedOneIsUnknown() throws {
        let (requests, _) = try Self.methods()
        let transcript = Transcript()
        for method in requests {
            // Without params each is refused for its params, not for its name.
            guard case .failure(let error) = transcript.request(method, [:]) else { continue }
            #expect(error.code != -32601, "\(method)")
        }
        guard case .failure(let error) = transcript.request("textStorage/nothing", [:]) else {
            Issue.record("an unknown method was answered")
            return
        }
        #expect(error.code == -32601)
    }
}
