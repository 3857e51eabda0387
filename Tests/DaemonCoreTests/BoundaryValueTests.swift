import JSONRPC
import Testing

/// Numbers at the edges of Int's range, in every numeric field of every method, are answered
/// with -32602 and change nothing: none may trap (a trap would end this test process).
@Suite struct BoundaryValueTests {
    static let uri = "file:///a.txt"
    static let encodings = ["utf-8", "utf-16", "utf-32"]
    static let hostile: [JSONValue] = [
        .integer(.max), .integer(.min), .integer(.max - 1), .integer(-1), .integer(1 << 53), .double(1e300),
        .double(-0.5), "7", nil, .bool(true),
    ]

    /// The five messages that killed the daemon, each in every encoding, as a request and as a
    /// notification.
    static let crashers: [(String, JSONValue)] = [
        (
            "textStorage/edit",
            [
                "uri": .string(uri), "version": 2,
                "edits": [["offset": 1, "length": .integer(.max), "text": "x"]],
            ]
        ),
        ("textStorage/attributes", ["uri": .string(uri), "range": ["offset": 1, "length": .integer(.max)]]),
        ("textStorage/viewport", ["uri": .string(uri), "range": ["offset": .integer(.max), "length": 1]]),
        (
            "textStorage/lineBreaks",
            ["uri": .string(uri), "startLine": 1, "lineCount": .integer(.max), "width": 80]
        ),
        (
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": 2],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": 1, "character": 0],
                            "end": ["line": 1, "character": .integer(.max)],
                        ],
                        "text": "x",
                    ]
                ],
            ]
        ),
    ]

    @Test(arguments: encodings)
    func theMessagesThatTrappedAreAnsweredAndChangeNothing(encoding: String) {
        for (method, params) in Self.crashers {
            let transcript = Transcript(encoding: encoding)
            transcript.open(Self.uri, "ab\n")
            let before = transcript.attributes(Self.uri)
            let answer = transcript.request(method, params)
            transcript.notify(method, params)
            let after = transcript.attributes(Self.uri)
            if method == "textDocument/didChange" {
                // LSP clamps a character past the line's end to the end: "x" lands on line 1.
                #expect(after?["range"]?["length"] == 4 && after?["version"] == 2)
            } else {
                #expect(after == before, "\(method) changes nothing")
            }
            switch (method, answer) {
            case ("textStorage/lineBreaks", .success(let result)):
                // Asking for more lines than exist is not an error: the lines that exist.
                #expect(result["lines"]?.arrayValue?.count == 1, "\(method)")
            case ("textStorage/viewport", _), ("textDocument/didChange", _):
                // A notification method sent as a request: unknown (-32601).
                if case .failure(let error) = answer { #expect([-32601, -32602].contains(error.code)) }
            case (_, .failure(let error)):
                #expect(error.code == -32602, "\(method): \(error)")
            case (_, .success(let result)):
                Issue.record("\(method) was accepted: \(result)")
            }
        }
    }

    @Test func theEditAndChangeAtTheEndOfALineClampLikeLSP() {
        // `character` past the end of a line means the end of its content (LSP), whatever its size.
        let transcript = Transcript(encoding: "utf-16")
        transcript.open(Self.uri, "ab\ncd")
        let rejections = Transcript.rejections(
            in: transcript.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(Self.uri), "version": 2],
                    "contentChanges": [
                        [
                            "range": [
                                "start": ["line": 0, "character": .integer(.max)],
                                "end": ["line": 1, "character": 0],
                            ],
                            "text": "",
                        ]
                    ],
                ]))
        #expect(rejections.isEmpty)
        #expect(transcript.attributes(Self.uri)?["range"]?["length"] == 4, "ab + cd")
    }

    /// Every numeric field of every method, with every hostile value: an answer, never a trap;
    /// a rejected change leaves the document as it was.
    @Test(arguments: encodings)
    func everyNumericFieldTakesEveryHostileValue(encoding: String) {
        let transcript = Transcript(encoding: encoding)
        transcript.open(Self.uri, "ab\r\n日😀\n")
        let before = transcript.attributes(Self.uri)
        var answered = 0
        for value in Self.hostile {
            let messages: [(String, JSONValue)] = [
                ("textStorage/edit", ["uri": .string(Self.uri), "version": value, "edits": []]),
                (
                    "textStorage/edit",
                    [
                        "uri": .string(Self.uri), "version": 99,
                        "edits": [["offset": value, "length": 0, "text": "x"]],
                    ]
                ),
                (
                    "textStorage/edit",
                    [
                        "uri": .string(Self.uri), "version": 99,
                        "edits": [["offset": 0, "length": value, "text": "x"]],
                    ]
                ),
                (
                    "textStorage/attributes",
                    ["uri": .string(Self.uri), "range": ["offset": value, "length": 1]]
                ),
                (
                    "textStorage/attributes",
                    ["uri": .string(Self.uri), "range": ["offset": 1, "length": value]]
                ),
                (
                    "textStorage/lineBreaks",
                    ["uri": .string(Self.uri), "startLine": value, "lineCount": 1, "width": 9]
                ),
                (
                    "textStorage/lineBreaks",
                    ["uri": .string(Self.uri), "startLine": 0, "lineCount": value, "width": 9]
                ),
                (
                    "textStorage/lineBreaks",
                    ["uri": .string(Self.uri), "startLine": 0, "lineCount": 1, "width": value]
                ),
                (
                    "textStorage/lineBreaks",
                    ["uri": .string(Self.uri), "startLine": 0, "lineCount": 1, "width": 9, "tabWidth": value]
                ),
            ]
            for (method, params) in messages {
                _ = transcript.request(method, params)
                answered += 1
            }
            for (start, end) in [(value, 0), (0, value)] {
                let change: JSONValue = [
                    "textDocument": ["uri": .string(Self.uri), "version": 99],
                    "contentChanges": [
                        [
                            "range": [
                                "start": ["line": start, "character": end],
                                "end": ["line": start, "character": end],
                            ], "text": "x",
                        ]
                    ],
                ]
                transcript.notify("textDocument/didChange", change)
            }
            transcript.notify(
                "textStorage/viewport",
                ["uri": .string(Self.uri), "range": ["offset": value, "length": value]])
        }
        #expect(answered == Self.hostile.count * 9)
        // Version 99 with an edit may have been accepted (a valid offset); nothing else may have
        // changed the text, so its length is 7 or 8 characters in any accepted case.
        let length = transcript.attributes(Self.uri)?["range"]?["length"]?.intValue ?? -1
        #expect(length >= (before?["range"]?["length"]?.intValue ?? 0))
    }
}
