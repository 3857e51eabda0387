import DaemonCore
import FuzzSupport
import JSONRPC
import RichText

/// FormattableContent in and out: hostile blocks are read (bad ranges skipped with warnings),
/// rendered as ANSI and HTML, opened in the daemon, edited (atomic spans expanded or broken),
/// and exported; opening an export and exporting again gives the same block. Never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormattable(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let content = FormattableGenerator.content(&input)
    var warnings: [FormattableContentError] = []
    if let document = try? FormattableDocument(json: content, warnings: &warnings) {
        let formatter = FormattableContentFormatter()
        _ = FormattableANSIWriter(colorEnabled: true).text(document, formatter: formatter)
        _ = FormattableHTMLWriter().page(document, formatter: formatter)
        for block in document.blocks { _ = block.applyingInsertions().json }
    }
    var sent: [RPCMessage] = []
    // A rule the time budget disabled in one document and not the other makes other spans.
    var ruleDisabled = false
    let server = Server(configuration: .init(loadsBundledGrammars: false)) { message in
        if case .notification("window/logMessage", let params?) = message,
            params["message"]?.stringValue?.hasPrefix("span rule") == true
        {
            ruleDisabled = true
        }
        sent.append(message)
    }
    var id = 0
    func request(_ method: String, _ params: JSONValue) -> JSONValue? {
        id += 1
        server.handle(.request(id: .integer(id), method: method, params: params))
        guard case .response(_, .success(let result))? = sent.last else { return nil }
        return result
    }
    _ = request(
        "initialize",
        [
            "capabilities": [
                "general": ["positionEncodings": [.string(input.pick(["utf-8", "utf-16", "utf-32"]))]]
            ],
            "initializationOptions": ["attributeDeltas": true, "spanRules": SpanRuleGenerator.rules(&input)],
        ])
    func open(_ uri: String, _ content: JSONValue) {
        server.handle(
            .notification(
                method: "textDocument/didOpen",
                params: [
                    "textDocument": [
                        "uri": .string(uri), "languageId": "plaintext", "version": 1,
                        "formattableContent": content,
                    ]
                ]))
    }
    open("file:///f", content)
    var version = 1
    while !input.isExhausted {
        version += 1
        _ = request(
            "textStorage/edit",
            [
                "uri": "file:///f", "version": .integer(version),
                "atomic": .string(input.pick(["expand", "break"])),
                "edits": [
                    [
                        "offset": .integer(input.bool() ? input.hostileInt() : input.below(30)),
                        "length": .integer(input.below(4)), "text": .string(input.text(maxPieces: 3)),
                    ]
                ],
            ])
        if sent.count > 1_000 { sent.removeAll() }
    }
    while server.runBackgroundSlice() {}
    let export: JSONValue = ["uri": "file:///f", "format": "formattable-content"]
    guard let exported = request("textStorage/export", export) else { return 0 }
    open("file:///g", exported)
    while server.runBackgroundSlice() {}
    let again = request("textStorage/export", ["uri": "file:///g", "format": "formattable-content"])
    if !ruleDisabled, again != exported {
        let became = String(describing: again)
        fatalError("an exported block did not export the same after opening it: \(exported) became \(became)")
    }
    return 0
}
