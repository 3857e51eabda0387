import FuzzSupport
import JSONRPC

/// Builds protocol messages from fuzzer bytes: every method the server knows (and some it
/// does not), mostly well-formed, with values chosen to break arithmetic and validation.
struct MessageGenerator {
    let uris = ["file:///a.json", "file:///b.diff", "file:///c.txt"]
    private var nextID = 1
    private var versions: [String: Int] = [:]

    mutating func initialize(_ input: inout FuzzInput) -> RPCMessage {
        var options: [String: JSONValue] = ["attributeDeltas": .bool(input.bool())]
        if input.below(4) == 0 { options["spanRules"] = SpanRuleGenerator.rules(&input) }
        if input.below(8) == 0 {
            options["theme"] = .string(input.pick(["dark", "light", "/dev/zero", "x"]))
        }
        if input.below(8) == 0 { options["linkTokens"] = hostile(&input, likely: .bool(true)) }
        if input.below(8) == 0 { options["bracketPairs"] = hostile(&input, likely: .bool(false)) }
        if input.below(8) == 0 {
            options["grammarPaths"] = hostile(
                &input, likely: .array([.string(grammarFolderPath), "/dev/zero"]))
        }
        if input.below(8) == 0 { options.merge(extensionSettings(&input)) { $1 } }
        var capabilities: [String: JSONValue] = [
            "general": ["positionEncodings": [.string(input.pick(["utf-8", "utf-16", "utf-32"]))]]
        ]
        if input.below(4) == 0 {
            capabilities["textDocument"] = [
                "semanticTokens": ["tokenTypes": hostile(&input, likely: ["keyword", "link", "string"])]
            ]
        }
        return request(
            "initialize",
            ["capabilities": .object(capabilities), "initializationOptions": .object(options)])
    }

    /// Extension settings, mostly well-formed: the grammar folder as an "extension" (no
    /// manifest), files that are no extension, associations to known and unknown languages.
    func extensionSettings(_ input: inout FuzzInput) -> [String: JSONValue] {
        var settings: [String: JSONValue] = [:]
        if input.bool() {
            settings["extensionPaths"] = hostile(
                &input, likely: .array([.string(grammarFolderPath), "/dev/zero", "/nonexistent.vsix"]))
        }
        if input.bool() {
            settings["vscodeExtensions"] = hostile(&input, likely: .string(input.pick(["off", "auto"])))
        }
        if input.bool() {
            settings["fileAssociations"] = hostile(
                &input,
                likely: .object([
                    input.pick(["*.txt", "**/*", "{a,b}*", "["]): .string(input.pick(["json", "x"]))
                ]))
        }
        return settings
    }

    mutating func message(_ input: inout FuzzInput) -> RPCMessage {
        let uri = input.below(16) == 0 ? "file:///unknown" : input.pick(uris)
        let selector = input.below(32)
        if selector >= 16 { return newerSurface(selector - 16, uri: uri, &input) }
        switch selector {
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
            var params: [String: JSONValue] = [
                "uri": .string(uri), "version": version(uri, &input), "edits": .array(edits),
            ]
            if input.below(3) == 0 {
                params["atomic"] = hostile(&input, likely: .string(input.pick(["expand", "break"])))
            }
            return input.bool()
                ? notification("textStorage/edit", .object(params))
                : request("textStorage/edit", .object(params))
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

    /// The methods added after the first generator: layout, spans, FormattableContent,
    /// conversion, semantic token deltas and ranges, saving and configuration.
    private mutating func newerSurface(_ choice: Int, uri: String, _ input: inout FuzzInput) -> RPCMessage {
        switch choice {
        case 0, 1:
            return request("textStorage/layout", LayoutParamsGenerator.params(uri: uri, &input))
        case 2:
            return request(
                "textStorage/adjustSelection",
                [
                    "uri": .string(uri), "selection": range(&input),
                    "direction": hostile(&input, likely: .string(input.pick(["forward", "backward"]))),
                ])
        case 3:
            var params: [String: JSONValue] = [
                "uri": .string(uri),
                "to": hostile(&input, likely: .string(input.pick(["display", "plain"]))),
            ]
            if input.bool() { params["range"] = range(&input) }
            if input.bool() {
                params["display"] = [
                    "text": .string(input.text(maxPieces: 8)),
                    "attachments": .array(
                        (0..<input.below(4)).map { _ in
                            [
                                "offset": number(&input, likely: input.below(20)),
                                "length": number(&input, likely: input.below(5)),
                                "shortcode": hostile(
                                    &input, likely: .string(input.pick(["[ok]", "[赞]", ""]))),
                            ]
                        }),
                ]
            }
            return request("textStorage/convert", .object(params))
        case 4:
            return request(
                "textStorage/export",
                ["uri": .string(uri), "format": hostile(&input, likely: "formattable-content")])
        case 5:
            return request(
                "textDocument/semanticTokens/full/delta",
                [
                    "textDocument": ["uri": .string(uri)],
                    "previousResultId": hostile(&input, likely: .string(String(input.below(8)))),
                ])
        case 6:
            return request(
                "textDocument/semanticTokens/range",
                [
                    "textDocument": ["uri": .string(uri)],
                    "range": [
                        "start": [
                            "line": number(&input, likely: input.below(4)),
                            "character": number(&input, likely: input.below(10)),
                        ],
                        "end": [
                            "line": number(&input, likely: input.below(8)),
                            "character": number(&input, likely: input.below(10)),
                        ],
                    ],
                ])
        case 7, 8:
            versions[uri] = 1
            var params: [String: JSONValue] = [
                "textDocument": [
                    "uri": .string(uri), "languageId": .string(input.pick(["json", "", "plaintext"])),
                    "version": number(&input, likely: 1),
                    "formattableContent": FormattableGenerator.content(&input),
                ]
            ]
            if input.bool() { params["spanRules"] = SpanRuleGenerator.rules(&input) }
            return notification("textDocument/didOpen", .object(params))
        case 9:
            versions[uri] = 1
            return notification(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(uri), "languageId": "plaintext", "version": number(&input, likely: 1),
                        "text": .string(input.text(maxPieces: 30)),
                    ],
                    "spanRules": SpanRuleGenerator.rules(&input),
                ])
        case 10:
            return notification("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        case 11:
            var section: [String: JSONValue] = [:]
            if input.bool() {
                section["theme"] = hostile(&input, likely: .string(input.pick(["dark", "light"])))
            }
            if input.below(4) == 0 {
                section["grammarPaths"] = hostile(&input, likely: .array([.string(grammarFolderPath)]))
            }
            if input.below(4) == 0 { section.merge(extensionSettings(&input)) { $1 } }
            return notification(
                "workspace/didChangeConfiguration",
                ["settings": input.bool() ? ["highlightd": .object(section)] : .object(section)])
        case 12:
            var params: [String: JSONValue] = ["textDocument": ["uri": .string(uri)]]
            if input.bool() {
                params["position"] = [
                    "line": number(&input, likely: input.below(4)),
                    "character": number(&input, likely: input.below(10)),
                ]
            }
            return request("textStorage/language", .object(params))
        case 13:
            return request(
                "textStorage/inspect",
                ["uri": .string(uri), "offset": number(&input, likely: input.below(40))])
        case 14:
            return request("textDocument/foldingRange", ["textDocument": ["uri": .string(uri)]])
        case 15:
            return request(
                "textStorage/matchBracket",
                ["uri": .string(uri), "offset": number(&input, likely: input.below(40))])
        default:
            return request("textStorage/attributes", ["uri": .string(uri)])
        }
    }

    /// The fuzz grammars' folder, for `grammarPaths`.
    var grammarFolderPath = ""

    /// `likely`, or now and then a value of another type or a hostile number.
    private func hostile(_ input: inout FuzzInput, likely: JSONValue) -> JSONValue {
        switch input.below(12) {
        case 0: return .integer(input.hostileInt())
        case 1:
            return input.pick([.string(""), .double(-0.0), .null, .bool(false), .array([]), .object([:])])
        default: return likely
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

    func range(_ input: inout FuzzInput) -> JSONValue {
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
