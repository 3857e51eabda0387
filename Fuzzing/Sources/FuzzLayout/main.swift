import DaemonCore
import FuzzSupport
import JSONRPC

/// Layout requests with hostile containers, exclusions, styles and fonts (real, truncated,
/// bit-flipped, empty, FIFOs, devices), then edits to subscribed documents: never a trap or
/// a hang; every answer's fragments cover the text in order, and a client applying the
/// `didLayout` splices holds the line ranges a new request answers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    var sent: [RPCMessage] = []
    let server = Server(configuration: .init(loadsBundledGrammars: false)) { sent.append($0) }
    var id = 0
    func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, ResponseError>? {
        id += 1
        server.handle(.request(id: .integer(id), method: method, params: params))
        guard case .response(_, let result)? = sent.last else { return nil }
        return result
    }
    _ = request(
        "initialize",
        ["capabilities": [:], "initializationOptions": ["spanRules": SpanRuleGenerator.rules(&input)]])
    let uri = "file:///layout.txt"
    server.handle(
        .notification(
            method: "textDocument/didOpen",
            params: [
                "textDocument": [
                    "uri": .string(uri), "languageId": "plaintext", "version": 1,
                    "text": .string(
                        input.text(maxPieces: 24)
                            + (input.below(8) == 0 ? "a" + String(repeating: "\u{301}", count: 300) : "")),
                ]
            ]))
    // The lines' ranges a client holds (offset, length), and the request that subscribed.
    var held: [[Int]]?
    var subscribedWith: JSONValue?
    var version = 1
    while !input.isExhausted {
        if input.below(3) == 0 {
            let params = LayoutParamsGenerator.params(uri: uri, &input)
            sent.removeAll()
            if case .success(let answer)? = request("textStorage/layout", params) {
                let fragments = answer["fragments"]?.arrayValue ?? []
                if params["range"] == nil { checkCoverage(fragments) }
                // Splices are followed from a whole layout (one asked with a `range` is partial).
                let whole = params["subscribe"] == true && params["range"] == nil
                held = whole ? fragments.map(ranges) : nil
                subscribedWith = whole ? params : nil
            }
            continue
        }
        version += 1
        sent.removeAll()
        server.handle(
            .notification(
                method: "textStorage/edit",
                params: [
                    "uri": .string(uri), "version": .integer(version),
                    "edits": [
                        [
                            "offset": .integer(input.below(40)), "length": .integer(input.below(4)),
                            "text": .string(input.text(maxPieces: 4)),
                        ]
                    ],
                ]))
        while server.runBackgroundSlice() {}
        server.flushBackgroundChanges()
        for case .notification("textStorage/didLayout", let push?) in sent where held != nil {
            // The client rule: replace the spliced lines, move the ranges after them.
            guard var lines = held, let start = push["start"]?.intValue,
                let deleteCount = push["deleteCount"]?.intValue,
                let rangeDelta = push["rangeDelta"]?.intValue,
                start >= 0, deleteCount >= 0, start + deleteCount <= lines.count
            else { fatalError("a splice outside the lines held") }
            let after = lines[(start + deleteCount)...].map { [$0[0] + rangeDelta, $0[1]] }
            lines = Array(lines[..<start]) + (push["fragments"]?.arrayValue ?? []).map(ranges) + after
            held = lines
        }
        if sent.contains(where: {
            if case .notification("textStorage/didEndLayout", _) = $0 { return true } else { return false }
        }) {
            held = nil
            subscribedWith = nil
        }
    }
    // What the client holds is what a new request answers.
    if let held, let subscribedWith,
        case .success(let answer)? = request("textStorage/layout", subscribedWith)
    {
        if (answer["fragments"]?.arrayValue ?? []).map(ranges) != held {
            fatalError("the lines held after the splices differ from a new layout")
        }
    }
    return 0
}

/// A fragment's range as [offset, length].
func ranges(_ fragment: JSONValue) -> [Int] {
    [fragment["range"]?["offset"]?.intValue ?? -1, fragment["range"]?["length"]?.intValue ?? -1]
}

/// The fragments' ranges follow each other from 0.
func checkCoverage(_ fragments: [JSONValue]) {
    var position = 0
    for fragment in fragments {
        guard let offset = fragment["range"]?["offset"]?.intValue,
            let length = fragment["range"]?["length"]?.intValue,
            offset == position, length >= 0
        else { fatalError("fragments do not follow each other") }
        position += length
    }
}
