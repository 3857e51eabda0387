import Foundation
import JSONRPC
import TestSupport
import Testing

@Suite(.serialized) struct ServeTests {
    static let sample = """
        // Sample with multi-byte text: é, 日本, 😀 and a link https://example.com/a
        const greeting = `hello ${name} 👋`;
        /* a block comment
           across lines */
        function add(a, b) { return a + b * 0x1F; }\r
        let s = "日本語 text";
        """

    /// Applies every notification in `messages` to the model.
    private func absorb(_ messages: [RPCMessage], into model: inout ClientAttributeModel, uri: String) {
        for message in messages {
            if case .notification("textStorage/didProcessEditing", let params?) = message,
                params["uri"]?.stringValue == uri
            {
                model.apply(params)
            }
        }
    }

    /// Polls `textStorage/attributes` until highlighting settles, checking at every answer that
    /// the model built from the pushes equals the server's attributes.
    private func settle(_ client: DaemonClient, _ model: inout ClientAttributeModel, uri: String) throws
        -> [Int]
    {
        for _ in 0..<400 {
            let (result, before) = try client.call("textStorage/attributes", ["uri": .string(uri)])
            absorb(before, into: &model, uri: uri)
            let runs = ClientAttributeModel.expand(result["runs"])
            #expect(runs == model.styles, "the client model equals textStorage/attributes")
            var serverLinks = [String?](repeating: nil, count: runs.count)
            for link in result["links"]?.arrayValue ?? [] {
                let start = link["offset"]?.intValue ?? 0
                for index in start..<(start + (link["length"]?.intValue ?? 0)) where index < serverLinks.count
                {
                    serverLinks[index] = link["target"]?.stringValue
                }
            }
            #expect(serverLinks == model.links, "links too")
            if result["pending"]?.boolValue == false { return runs }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("highlighting did not settle")
        return []
    }

    @Test(arguments: ["utf-8", "utf-16", "utf-32"])
    func randomEditStreamConvergesToAFreshOpen(encoding: String) throws {
        try convergesToAFreshOpen(encoding: encoding, arguments: [])
    }

    /// The loop waits for input in two ways: polling for a while first (`ReplySpin`), and
    /// sleeping at once; a daemon that always does one or the other answers the same.
    @Test(arguments: ["0", "100000"])
    func theEditStreamConvergesWhetherTheLoopSpinsOrSleeps(spinMicroseconds: String) throws {
        try convergesToAFreshOpen(encoding: "utf-16", arguments: ["--spin-microseconds", spinMicroseconds])
    }

    /// A spin time out of range is refused before the daemon starts, with a message naming it
    /// (a huge one overflowed the budget in nanoseconds).
    @Test(arguments: ["-1", "1000001", "9223372036854775807"])
    func aSpinTimeOutOfRangeIsRefused(value: String) throws {
        let result = try BuiltBinary.run(["serve", "--spin-microseconds=\(value)"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--spin-microseconds must be from 0 to 1000000"))
        #expect(result.standardOutput.isEmpty)
    }

    /// CPU time the process has used so far, in clock ticks (fields 14 and 15 of `/proc/PID/stat`).
    private func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) may hold spaces; the fields after it follow its ")".
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return try #require(Int(fields[11])) + (try #require(Int(fields[12])))
    }

    /// After a quick exchange the loop polls for a moment before it sleeps (`ReplySpin`), and
    /// then it does sleep: a second with nothing to do costs next to no CPU.
    @Test func aDaemonWithNothingToDoSleepsAfterAQuickExchange() throws {
        let client = try DaemonClient()
        _ = try client.initialize(encoding: "utf-16")
        let uri = "file:///idle.js"
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "javascript", "version": 1, "text": "let a = 1;",
                ]
            ])
        for _ in 0..<50 { _ = try client.call("textStorage/attributes", ["uri": .string(uri)]) }
        let before = try cpuTicks(client.processIdentifier)
        Thread.sleep(forTimeInterval: 1)
        let used = try cpuTicks(client.processIdentifier) - before
        #expect(used <= 10, "\(used) ticks of CPU (of 100 a second) while idle")
        _ = try client.call("shutdown", nil)
        client.notify("exit", nil)
        #expect(client.finish() == 0)
    }

    private func convergesToAFreshOpen(encoding: String, arguments: [String]) throws {
        let client = try DaemonClient(arguments: arguments)
        let initialized = try client.initialize(encoding: encoding)
        #expect(initialized["capabilities"]?["positionEncoding"]?.stringValue == encoding)
        let uri = "file:///sample.js"
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "javascript", "version": 1,
                    "text": .string(Self.sample),
                ]
            ])
        var model = ClientAttributeModel(unit: encoding, text: Self.sample, version: 1)
        var random = SeededGenerator(fallback: 0xE2E)
        let pieces = [
            "a", "é", "😀", "\n", "\r\n", "/*", "*/", "`", "${", "}", "\"", "日本", " ", "x = 1;", "//",
        ]
        for version in 2..<160 {
            let offsets = model.validOffsets
            let start = offsets.randomElement(using: &random) ?? 0
            let end = offsets.filter { $0 >= start && $0 <= start + 3 }.randomElement(using: &random) ?? start
            let text = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                pieces.randomElement(using: &random) ?? ""
            }
            .joined()
            client.notify(
                "textStorage/edit",
                [
                    "uri": .string(uri), "version": .integer(version),
                    "edits": [
                        ["offset": .integer(start), "length": .integer(end - start), "text": .string(text)]
                    ],
                ])
            model.edit(offset: start, length: end - start, text: text, version: version)
        }
        let final = try settle(client, &model, uri: uri)
        // A fresh open of the final text gives the same attributes.
        let freshURI = "file:///fresh.js"
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(freshURI), "languageId": "javascript", "version": 1,
                    "text": .string(model.text),
                ]
            ])
        var fresh = ClientAttributeModel(unit: encoding, text: model.text, version: 1)
        let freshRuns = try settle(client, &fresh, uri: freshURI)
        #expect(final == freshRuns, "incremental equals a fresh open (\(encoding))")
        #expect(final.contains { $0 != 0 }, "the grammar styled something")
        _ = try client.call("shutdown", nil)
        client.notify("exit", nil)
        #expect(client.finish() == 0)
    }

    @Test func errorsAreAnsweredAndChangeNothing() throws {
        let client = try DaemonClient()
        // Before initialize.
        #expect(throws: ResponseError.serverNotInitialized()) {
            _ = try client.call("textStorage/attributes", [:])
        }
        _ = try client.initialize(encoding: "utf-16")
        let uri = "file:///notes.txt"
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "", "version": 3, "text": "a😀b\r\nc"]])
        // Malformed JSON, not a request, unknown method.
        client.sendRaw(FrameEncoder.frame(Array("{not json".utf8)))
        let (parseError, _) = try client.wait {
            if case .response(nil, .failure) = $0 { return true } else { return false }
        }
        #expect(
            parseError
                == .response(
                    id: nil,
                    result: .failure(
                        ResponseError(code: -32700, message: "malformed JSON at byte 1: expected a key"))))
        client.sendRaw(FrameEncoder.frame(Array(#"[1,2]"#.utf8)))
        let (invalid, _) = try client.wait {
            if case .response(nil, .failure) = $0 { return true } else { return false }
        }
        if case .response(_, .failure(let error)) = invalid { #expect(error.code == -32600) }
        #expect(throws: ResponseError.methodNotFound("no/such")) { _ = try client.call("no/such", [:]) }
        client.notify("no/such/notification", [:])  // ignored
        // Bad params, unknown uri, stale version, ranges outside or inside a character.
        func editError(_ params: JSONValue) throws -> ResponseError? {
            do {
                _ = try client.call("textStorage/edit", params)
                return nil
            } catch let error as ResponseError {
                return error
            }
        }
        func edit(_ version: Int, _ offset: Int, _ length: Int) -> JSONValue {
            [
                "uri": .string(uri), "version": .integer(version),
                "edits": [["offset": .integer(offset), "length": .integer(length), "text": "X"]],
            ]
        }
        #expect(try editError(["uri": "file:///missing", "version": 9, "edits": []])?.code == -32602)
        #expect(try editError(edit(3, 0, 0))?.message.contains("version") == true)
        #expect(try editError(edit(4, 99, 0))?.code == -32602)
        // Inside the surrogate pair of 😀, then between \r and \n.
        #expect(try editError(edit(4, 2, 0))?.message.contains("inside") == true)
        #expect(try editError(edit(4, 5, 0))?.message.contains("\\r") == true)
        #expect(
            try editError(["uri": .string(uri), "version": 4, "edits": [["offset": "x"]]])?.message.contains(
                "edits[0].offset") == true)
        // Nothing was applied; the document still works.
        let (attributes, _) = try client.call("textStorage/attributes", ["uri": .string(uri)])
        #expect(attributes["version"]?.intValue == 3)
        #expect(attributes["range"]?["length"]?.intValue == 7)
        #expect(try editError(edit(4, 0, 1)) == nil)
        // A huge Content-Length is answered and the stream resynchronises.
        client.sendRaw(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        let (framing, _) = try client.wait {
            if case .response(nil, .failure) = $0 { return true } else { return false }
        }
        if case .response(_, .failure(let error)) = framing {
            #expect(error.message.contains("Content-Length"))
        }
        let (after, _) = try client.call("textStorage/attributes", ["uri": .string(uri)])
        #expect(after["version"]?.intValue == 4)
        // The end of input ends the process cleanly, shutdown or not.
        #expect(client.finish() == 0)
    }

    @Test func lineBreaksKeepLinksWhole() throws {
        let client = try DaemonClient()
        _ = try client.initialize(encoding: "utf-16")
        let uri = "file:///wrap.txt"
        let text = "see https://example.com/a/long/path here and more words after it\nshort"
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "version": 1, "text": .string(text)]])
        let (result, _) = try client.call(
            "textStorage/lineBreaks",
            ["uri": .string(uri), "startLine": 0, "lineCount": 2, "width": 40, "tabWidth": 4])
        let lines = try #require(result["lines"]?.arrayValue)
        #expect(lines.count == 2)
        let breaks = lines[0]["breaks"]?.arrayValue?.compactMap(\.intValue) ?? []
        #expect(!breaks.isEmpty)
        #expect(!breaks.contains { $0 > 4 && $0 < 4 + 31 }, "no break inside the link")
        #expect(lines[1]["breaks"]?.arrayValue?.isEmpty == true)
    }
}
