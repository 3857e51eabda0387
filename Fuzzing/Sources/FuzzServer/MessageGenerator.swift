import FuzzSupport
import JSONRPC

/// Builds protocol messages from fuzzer bytes: every method the server knows (and some it
/// does not), mostly well-formed, with values chosen to break arithmetic and validation.
struct MessageGenerator {
    let uris = ["file:///a.json", "file:///b.diff", "file:///c.txt"]
    private var nextID = 1
    private var versions: [String: Int] = [:]

    mutating func initialize(_ input: inout FuzzInput) -> RPCMessage {
        request(
            "initialize",
            [
                "capabilities": [
                    "general": ["positionEncodings": [.string(input.pick(["utf-8", "utf-16", "utf-32"]))]]
                ],
                "initializationOptions": ["attributeDeltas": .bool(input.bool())],
            ])
    }

    mutating func message(_ input: inout FuzzInput) -> RPCMessage {
        let uri = input.below(16) == 0 ? "file:///unknown" : input.pick(uris)
        switch input.below(16) {
        case 0: return initialize(&input)
        case 1, 2:
            versions[uri] = 1
            return notification(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(uri),
                        "languageId": .string(input.pick(["json", "diff", "toml", "", "x"])),
                        "version": number(&input, likely: 1), "text": .string(input.text(maxPieces: 30)),
                    ]
                ])
        case 3, 4, 5:
            let edits: [JSONValue] = (0..<(1 + input.below(3))).map { _ in
                [
                    "offset": number(&input, likely: input.below(40)),
                    "length": number(&input, likely: input.below(4)),
                    "text": .string(input.text(maxPieces: 3)),
                ]
            }
            let params: JSONValue = [
                "uri": .string(uri), "version": version(uri, &input), "edits": .array(edits),
            ]
            return input.bool()
                ? notification("textStorage/edit", params) : request("textStorage/edit", params)
        case 6, 7:
            let changes: [JSONValue] = (0..<(1 + input.below(3))).map { _ in
                if input.below(8) == 0 { return ["text": .string(input.text())] }
                return [
                    "range": [
                        "start": [
                            "line": number(&input, likely: input.below(4)),
                            "character": number(&input, likely: input.below(10)),
                        ],
                        "end": [
                            "line": number(&input, likely: input.below(4)),
                            "character": number(&input, likely: input.below(10)),
                        ],
                    ],
                    "text": .string(input.text(maxPieces: 3)),
                ]
            }
            return notification(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(uri), "version": version(uri, &input)],
                    "contentChanges": .array(changes),
                ])
        case 8:
            return request("textStorage/attributes", ["uri": .string(uri), "range": range(&input)])
        case 9:
            return notification(
                "textStorage/viewport",
                ["uri": .string(uri), "viewId": .string(input.pick(["a", "b"])), "range": range(&input)])
        case 10:
            return request(
                "textStorage/lineBreaks",
                [
                    "uri": .string(uri), "startLine": number(&input, likely: 0),
                    "lineCount": number(&input, likely: 5),
                    "width": number(&input, likely: 1 + input.below(12)),
                    "tabWidth": number(&input, likely: 4),
                ])
        case 11: return request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])
        case 12: return request("textDocument/documentLink", ["textDocument": ["uri": .string(uri)]])
        case 13: return notification("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        case 14: return request(input.pick(["shutdown", "nonexistent/method", "$/cancelRequest"]), nil)
        default:
            return notification(
                input.pick(["exit", "initialized", "$/setTrace", "textStorage/edit"]),
                input.bool() ? nil : [:])
        }
    }

    /// Usually a sane value, sometimes a hostile one or the wrong type.
    private func number(_ input: inout FuzzInput, likely: Int) -> JSONValue {
        switch input.below(10) {
        case 0: return .integer(input.hostileInt())
        case 1: return input.pick([.string("1"), .double(0.5), .null, .bool(true), .double(1e300)])
        default: return .integer(likely)
        }
    }

    private func range(_ input: inout FuzzInput) -> JSONValue {
        [
            "offset": number(&input, likely: input.below(40)),
            "length": number(&input, likely: input.below(40)),
        ]
    }

    /// The next version (sometimes a stale or hostile one).
    private mutating func version(_ uri: String, _ input: inout FuzzInput) -> JSONValue {
        let next = (versions[uri] ?? 0) + 1
        versions[uri] = next
        return number(&input, likely: next)
    }

    private mutating func request(_ method: String, _ params: JSONValue?) -> RPCMessage {
        nextID += 1
        return .request(id: .integer(nextID), method: method, params: params)
    }

    private func notification(_ method: String, _ params: JSONValue?) -> RPCMessage {
        .notification(method: method, params: params)
    }
}
