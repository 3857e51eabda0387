import Foundation
import JSONRPC
import Testing

/// A client and the daemon that both write more than the pipes between them hold must not
/// wait for each other forever: the daemon stops reading while its output waits, and the
/// client (which reads whenever its own write does not fit) gets every answer, in order.
@Suite struct BackpressureTests {
    @Test func requestsAndAnswersThatOverflowBothPipesAreAllAnsweredInOrder() throws {
        let client = try DaemonClient()
        _ = try client.initialize(encoding: "utf-8")
        let uri = "file:///big.txt"
        let text = String(repeating: "plain words and more plain words, line after line\n", count: 12_000)
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "plaintext", "version": 1, "text": .string(text),
                ]
            ])
        // 40 requests of 500 KB (a field the daemon ignores) and answers of 600 KB: the daemon
        // takes 8 MiB of requests as one batch, and its answers to them fill the 1 MiB output
        // pipe and its 8 MiB output bound, so it stops until the client reads; by then the
        // client's remaining requests do not fit in the 1 MiB input pipe either.
        let padding = JSONValue.string(String(repeating: "p", count: 500_000))
        var ids: [RequestID] = []
        for _ in 0..<40 {
            ids.append(
                client.request(
                    "textStorage/export",
                    ["uri": .string(uri), "format": "formattable-content", "padding": padding]))
        }
        var answered: [RequestID?] = []
        while answered.count < ids.count {
            let (message, _) = try client.wait(timeout: 120) {
                if case .response = $0 { return true } else { return false }
            }
            guard case .response(let id, let result) = message else { continue }
            answered.append(id)
            #expect((try result.get())["text"]?.stringValue?.utf8.count == text.utf8.count)
        }
        #expect(answered == ids.map { Optional($0) })
        #expect(client.finish() == 0)
    }
}
