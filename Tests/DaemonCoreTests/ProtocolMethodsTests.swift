import Foundation
import JSONRPC
import TestSupport
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

    /// The client-to-server methods docs/PROTOCOL.md gives a heading, by kind: a heading says
    /// `(notification)`, `(notification, or request)`, or nothing (a request).
    static func documented() throws -> (requests: Set<String>, notifications: Set<String>) {
        let protocolText = try String(
            contentsOf: TestData.projectRoot.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        var requests: Set<String> = []
        var notifications: Set<String> = []
        for line in protocolText.split(separator: "\n") where line.hasPrefix("### `textStorage/") {
            let name = String(line.dropFirst(5).prefix { $0 != "`" })
            // Pushes the server sends are not methods a client calls.
            if line.contains("to subscribed clients") || name.hasPrefix("textStorage/did") { continue }
            if line.contains("notification") { notifications.insert(name) }
            if !line.contains("(notification)") { requests.insert(name) }
        }
        return (requests, notifications)
    }

    @Test func theListedMethodsAreTheDocumentedOnes() throws {
        let (requests, notifications) = try Self.methods()
        let documented = try Self.documented()
        #expect(requests.count > 5)
        #expect(Set(requests) == documented.requests)
        #expect(Set(notifications) == documented.notifications)
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
