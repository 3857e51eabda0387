import DaemonCore
import JSONRPC

/// A `Server` driven in process, message by message, keeping everything it sends.
final class Transcript {
    private(set) var sent: [RPCMessage] = []
    /// Whether the server loads the bundled grammars and their language configurations.
    private var loadsBundledGrammars = false
    private(set) lazy var server = Server(configuration: .init(loadsBundledGrammars: loadsBundledGrammars)) {
        [unowned self] in
        sent.append($0)
    }
    private var nextID = 1

    private init() {}

    /// A transcript whose server has not been initialized yet.
    static func uninitialized() -> Transcript { Transcript() }

    /// Initializes with `encoding`, pushes on, and any other initialization options.
    init(encoding: String = "utf-16", options: [String: JSONValue] = [:], bundled: Bool = false) {
        loadsBundledGrammars = bundled
        _ = request(
            "initialize",
            [
                "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                "initializationOptions": .object(options.merging(["attributeDeltas": true]) { $1 }),
            ])
        notify("initialized", [:])
    }

    /// Sends a request and returns its answer.
    @discardableResult
    func request(_ method: String, _ params: JSONValue?) -> Result<JSONValue, ResponseError> {
        let id = nextID
        nextID += 1
        server.handle(.request(id: .integer(id), method: method, params: params))
        for message in sent.reversed() {
            if case .response(.integer(id)?, let result) = message { return result }
        }
        return .failure(ResponseError(code: 0, message: "no answer"))
    }

    /// Sends a notification and returns what the server sent in reply.
    @discardableResult
    func notify(_ method: String, _ params: JSONValue?) -> [RPCMessage] {
        let before = sent.count
        server.handle(.notification(method: method, params: params))
        return Array(sent[before...])
    }

    /// Sends raw bytes as one frame body.
    func frame(_ body: String) -> [RPCMessage] {
        let before = sent.count
        server.handle(frame: Array(body.utf8))
        return Array(sent[before...])
    }

    /// Opens `text` at `uri` as `language` (by default plain text: no grammar is loaded).
    func open(_ uri: String, _ text: String, version: Int = 1, language: String = "plaintext") {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": .string(language), "version": .integer(version),
                    "text": .string(text),
                ]
            ])
    }

    /// `textStorage/attributes` of the whole document (runs, links and version).
    func attributes(_ uri: String) -> JSONValue? {
        try? request("textStorage/attributes", ["uri": .string(uri)]).get()
    }

    /// The codes of `window/logMessage` errors among `messages` (a rejected notification).
    static func rejections(in messages: [RPCMessage]) -> [String] {
        messages.compactMap { message in
            guard case .notification("window/logMessage", let params?) = message else { return nil }
            return params["message"]?.stringValue
        }
    }
}
