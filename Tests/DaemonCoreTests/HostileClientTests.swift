import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a hostile client can send to the newer surfaces (semantic token ranges, fonts, layout,
/// span rules, FormattableContent): each gets an answer, bounded work, and leaves the daemon
/// usable. Each test failed on 0b38690 (a crash, a hang, or the wrong result).
@Suite struct HostileClientTests {
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let uri = "file:///hostile.txt"

    static func layoutParams(font: String = sans, extra: [String: JSONValue] = [:]) -> JSONValue {
        .object(
            [
                "uri": .string(uri), "containers": [["width": 200]],
                "fonts": ["primary": .string(font), "size": 12],
            ].merging(extra) { $1 })
    }

    static func notifications(_ method: String, in messages: [RPCMessage]) -> [JSONValue] {
        messages.compactMap { message in
            guard case .notification(method, let params?) = message else { return nil }
            return params
        }
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: [
        (Int.max, 0, Int.max, 0), (0, 0, Int.max, Int.max), (Int.max, Int.max, 0, 0), (3, 0, Int.max, 0),
    ])
    func semanticTokenRangesWithExtremeLinesAreAnswered(
        startLine: Int, startCharacter: Int, endLine: Int, endCharacter: Int
    ) throws {
        let transcript = Transcript()
        transcript.open(Self.uri, "one\ntwo\nthree\n")
        let answer = try transcript.request(
            "textDocument/semanticTokens/range",
            [
                "textDocument": ["uri": .string(Self.uri)],
                "range": [
                    "start": ["line": .integer(startLine), "character": .integer(startCharacter)],
                    "end": ["line": .integer(endLine), "character": .integer(endCharacter)],
                ],
            ]
        ).get()
        #expect(answer["data"]?.arrayValue != nil)
        #expect(transcript.attributes(Self.uri)?["version"] == 1, "the daemon still answers")
    }

    @Test func aFontThatIsAFIFOIsRefusedWithoutBlocking() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("font.ttf").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let transcript = Transcript()
        transcript.open(Self.uri, "text")
        for font in [fifo, "/dev/zero", "/dev/stdin", "/proc/self/fd/1", folder.path + "/"] {
            let result = transcript.request("textStorage/layout", Self.layoutParams(font: font))
            guard case .failure(let error) = result else {
                Issue.record("\(font) must be refused")
                continue
            }
            #expect(error.code == -32602)
            #expect(error.message.contains("cannot read the font"), "\(error.message)")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sans), "DejaVu Sans is not installed"))
    func aFontChangedOnDiskUnderASubscriptionChangesNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("copy.ttf")
        try FileManager.default.copyItem(atPath: Self.sans, toPath: copy.path)
        let transcript = Transcript()
        transcript.open(Self.uri, "some words to lay out\n")
        let first = try transcript.request(
            "textStorage/layout", Self.layoutParams(font: copy.path, extra: ["subscribe": true])
        ).get()
        // Rewritten in place with other bytes, then truncated: a mapped font crashed here.
        let handle = try FileHandle(forWritingTo: copy)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.truncate(atOffset: 0)
        try handle.close()
        let sent = transcript.notify(
            "textStorage/edit",
            ["uri": .string(Self.uri), "version": 2, "edits": [["offset": 0, "length": 0, "text": "more "]]])
        let pushes = Self.notifications("textStorage/didLayout", in: sent)
        #expect(pushes.count == 1)
        let widths = pushes.first?["fragments"]?.arrayValue?.compactMap { $0["rect"]?.arrayValue?[2] }
        #expect(widths?.isEmpty == false)
        #expect(first["fragments"]?.arrayValue?.isEmpty == false)
    }

    @Test func tooManyExclusionsAreRefused() {
        let transcript = Transcript()
        transcript.open(Self.uri, "text")
        let exclusions = JSONValue.array(
            (0..<257).map { ["rect": [.integer($0), 0, 1, 1000]] })
        let result = transcript.request(
            "textStorage/layout",
            Self.layoutParams(extra: ["containers": [["width": 600, "exclusions": exclusions]]]))
        guard case .failure(let error) = result else {
            Issue.record("257 exclusions must be refused")
            return
        }
        #expect(error.code == -32602)
        #expect(error.message.contains("at most 256"), "\(error.message)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sans), "DejaVu Sans is not installed"))
    func manyThinExclusionsLeaveTheTextBetweenThem() throws {
        // 250 exclusions, each 1 px wide with 1 px between: no free span is an em wide, so
        // every line goes below them; the answer comes, and every unit is in one fragment.
        let transcript = Transcript()
        let text = String(repeating: "word ", count: 40)
        transcript.open(Self.uri, text)
        let exclusions = JSONValue.array((0..<250).map { ["rect": [.integer(2 * $0), 0, 1, 100]] })
        let answer = try transcript.request(
            "textStorage/layout",
            Self.layoutParams(extra: ["containers": [["width": 500, "exclusions": exclusions]]])
        ).get()
        let fragments = try #require(answer["fragments"]?.arrayValue)
        let total = fragments.compactMap { $0["range"]?["length"]?.intValue }.reduce(0, +)
        #expect(total == text.utf16.count)
        let tops = fragments.compactMap { $0["rect"]?.arrayValue?[1] }.compactMap(LayoutProtocolTests.number)
        #expect(tops.allSatisfy { $0 >= 100 }, "no line fits between the exclusions")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sans), "DejaVu Sans is not installed"))
    func clusterRectsForTooMuchTextAreRefusedButARangeIsAnswered() throws {
        let transcript = Transcript()
        transcript.open(Self.uri, String(repeating: "0123456789 ", count: 6_000))
        let result = transcript.request(
            "textStorage/layout",
            Self.layoutParams(extra: ["clusters": true, "containers": [["width": 2000]]]))
        guard case .failure(let error) = result else {
            Issue.record("66,000 units of clusters must be refused")
            return
        }
        #expect(error.code == -32602 && error.message.contains("ask for a range"), "\(error.message)")
        let ranged = try transcript.request(
            "textStorage/layout",
            Self.layoutParams(extra: [
                "clusters": true, "containers": [["width": 2000]], "range": ["offset": 0, "length": 100],
            ])
        ).get()
        #expect(ranged["fragments"]?.arrayValue?.first?["clusters"]?.arrayValue?.isEmpty == false)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sans), "DejaVu Sans is not installed"))
    func aDocumentTooLongForLayoutIsRefusedAndOneThatGrowsPastItEndsItsSubscription() throws {
        let transcript = Transcript()
        let long = String(repeating: "x", count: (1 << 19) + 1)
        transcript.open("file:///long.txt", long)
        let result = transcript.request(
            "textStorage/layout",
            Self.layoutParams(extra: ["uri": "file:///long.txt"]))
        guard case .failure(let error) = result else {
            Issue.record("a document over the layout cap must be refused")
            return
        }
        #expect(error.code == -32602)

        transcript.open(Self.uri, "short\n")
        _ = try transcript.request("textStorage/layout", Self.layoutParams(extra: ["subscribe": true])).get()
        let sent = transcript.notify(
            "textStorage/edit",
            [
                "uri": .string(Self.uri), "version": 2,
                "edits": [["offset": 0, "length": 0, "text": .string(long)]],
            ])
        #expect(Self.notifications("textStorage/didLayout", in: sent).isEmpty)
        let ended = Self.notifications("textStorage/didEndLayout", in: sent)
        #expect(ended.count == 1 && ended.first?["reason"]?.stringValue?.contains("at most") == true)
        // The subscription is gone: a later edit sends nothing.
        let later = transcript.notify(
            "textStorage/edit",
            ["uri": .string(Self.uri), "version": 3, "edits": [["offset": 0, "length": 0, "text": "a"]]])
        #expect(Self.notifications("textStorage/didEndLayout", in: later).isEmpty)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sans), "DejaVu Sans is not installed"))
    func aClusterOfTenThousandMarksIsLaidOutAsOneCluster() throws {
        let transcript = Transcript()
        let text = "a" + String(repeating: "\u{0301}", count: 10_000) + " b"
        transcript.open(Self.uri, text)
        let answer = try transcript.request(
            "textStorage/layout",
            Self.layoutParams(extra: ["clusters": true])
        ).get()
        let clusters = answer["fragments"]?.arrayValue?.flatMap { $0["clusters"]?.arrayValue ?? [] } ?? []
        #expect(clusters.count == 3)
        #expect(clusters.first?["range"]?["length"] == 10_001)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sans), "DejaVu Sans is not installed"))
    func backgroundLinkDetectionKeepsASubscribedLayoutCurrent() throws {
        let transcript = Transcript()
        // Over 64 KiB: links are found in background slices after the open.
        let text = (0..<1_500).map { "see https://example.com/path/\($0)/with/more/segments ok\n" }.joined()
        transcript.open(Self.uri, text)
        var held = try #require(
            transcript.request(
                "textStorage/layout",
                Self.layoutParams(extra: ["subscribe": true, "containers": [["width": 160]]])
            ).get()["fragments"]?.arrayValue)
        var pushes = 0
        while transcript.server.runBackgroundSlice() {}
        transcript.server.flushBackgroundChanges()
        for push in Self.notifications("textStorage/didLayout", in: transcript.sent) {
            pushes += 1
            let start = try #require(push["start"]?.intValue)
            let deleteCount = try #require(push["deleteCount"]?.intValue)
            let yDelta = try #require(push["yDelta"].flatMap(LayoutProtocolTests.number))
            #expect(push["rangeDelta"] == 0, "no text changed")
            let after = held[(start + deleteCount)...].map {
                LayoutProtocolTests.moved($0, range: 0, y: yDelta)
            }
            held = Array(held[..<start]) + (push["fragments"]?.arrayValue ?? []) + after
        }
        #expect(pushes > 0, "the links found in the background changed the lines")
        let fresh = try #require(
            transcript.request(
                "textStorage/layout", Self.layoutParams(extra: ["containers": [["width": 160]]])
            ).get()["fragments"]?.arrayValue)
        #expect(held.count == fresh.count && zip(held, fresh).allSatisfy(LayoutProtocolTests.nearlyEqual))
    }
}
