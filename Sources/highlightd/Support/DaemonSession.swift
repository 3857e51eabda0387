import Dispatch
import Foundation
import GrammarEngine
import JSONRPC

/// A client session with a `highlightd serve` child process.
final class DaemonSession: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var inbox: [RPCMessage] = []
    private var ended = false
    private var nextID = 1
    private let encoding: String
    /// The client's copy of the document text, to convert scalar positions to units.
    private var texts: [String: [Unicode.Scalar]] = [:]
    /// Style definitions received so far.
    private var styles: [Int: JSONValue] = [:]

    struct SessionError: Error, CustomStringConvertible {
        var description: String
    }

    init(executable: URL, grammarFolders: [String], encoding: String, theme: String) throws {
        self.encoding = encoding
        process.executableURL = executable
        process.arguments = ["serve"] + grammarFolders.flatMap { ["--grammars", $0] }
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [self] in
            var decoder = FrameDecoder()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                decoder.append(data)
                while let event = decoder.next() {
                    guard case .frame(let body) = event, let json = try? JSONValue(parsing: Data(body)),
                        let message = try? RPCMessage(json: json)
                    else { continue }
                    condition.lock()
                    inbox.append(message)
                    condition.signal()
                    condition.unlock()
                }
            }
            condition.lock()
            ended = true
            condition.signal()
            condition.unlock()
        }.start()
        let id = request(
            "initialize",
            [
                "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                "initializationOptions": ["attributeDeltas": true, "theme": .string(theme)],
            ])
        _ = try waitForResponse(id)
        notify("initialized", [:])
    }

    private func send(_ message: RPCMessage) {
        input.fileHandleForWriting.write(Data(FrameEncoder.frame(Array(message.json.serialized()))))
    }

    private func notify(_ method: String, _ params: JSONValue) {
        send(.notification(method: method, params: params))
    }

    private func request(_ method: String, _ params: JSONValue) -> RequestID {
        let id = RequestID.integer(nextID)
        nextID += 1
        send(.request(id: id, method: method, params: params))
        return id
    }

    /// Takes messages until `accept` says stop; records style definitions on the way.
    private func take(until accept: (RPCMessage) throws -> Bool) throws {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while !inbox.isEmpty {
                let message = inbox.removeFirst()
                if case .notification("textStorage/didProcessEditing", let params?) = message {
                    for (key, value) in params["styles"]?.objectValue ?? [:] { styles[Int(key) ?? 0] = value }
                }
                if try accept(message) { return }
            }
            if ended { throw SessionError(description: "the server exited") }
            condition.wait()
        }
    }

    private func waitForResponse(_ id: RequestID) throws -> JSONValue {
        var result: JSONValue = .null
        try take { message in
            guard case .response(id, let outcome) = message else { return false }
            result = try outcome.get()
            return true
        }
        return result
    }

    func open(uri: String, languageId: String, text: String) throws {
        texts[uri] = Array(text.unicodeScalars)
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": .string(languageId), "version": 1,
                    "text": .string(text),
                ]
            ])
    }

    /// Sends one transaction and waits for the first push of its version (or a later one);
    /// returns the nanoseconds in between.
    func edit(uri: String, version: Int, edits: [ScalarEdit]) throws -> UInt64 {
        var scalars = texts[uri] ?? []
        var converted: [JSONValue] = []
        for edit in edits {
            let offset = units(scalars[..<min(edit.position, scalars.count)])
            let end = min(edit.position + edit.deleted, scalars.count)
            let length = units(scalars[min(edit.position, scalars.count)..<end])
            converted.append([
                "offset": .integer(offset), "length": .integer(length), "text": .string(edit.text),
            ])
            scalars.replaceSubrange(min(edit.position, scalars.count)..<end, with: edit.text.unicodeScalars)
        }
        texts[uri] = scalars
        let start = DispatchTime.now().uptimeNanoseconds
        notify(
            "textStorage/edit",
            ["uri": .string(uri), "version": .integer(version), "edits": .array(converted)])
        try take { message in
            if case .notification("window/logMessage", let params?) = message {
                throw SessionError(description: params["message"]?.stringValue ?? "edit rejected")
            }
            guard case .notification("textStorage/didProcessEditing", let params?) = message else {
                return false
            }
            return (params["version"]?.intValue ?? 0) >= version && params["editedRange"] != .null
        }
        return DispatchTime.now().uptimeNanoseconds - start
    }

    private func units(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        switch encoding {
        case "utf-8": return scalars.reduce(0) { $0 + String($1).utf8.count }
        case "utf-16": return scalars.reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        default: return scalars.count
        }
    }

    /// Polls `textStorage/attributes` until highlighting settles.
    func settledAttributes(uri: String) throws -> HighlightedText {
        while true {
            let id = request("textStorage/attributes", ["uri": .string(uri)])
            let result = try waitForResponse(id)
            for (key, value) in result["styles"]?.objectValue ?? [:] { styles[Int(key) ?? 0] = value }
            if result["pending"]?.boolValue != true {
                let text = String(String.UnicodeScalarView(texts[uri] ?? []))
                return HighlightedText(
                    text: text, encoding: encoding, runs: result["runs"] ?? [], styles: styles)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    func close() {
        _ = try? waitForResponse(request("shutdown", .null))
        notify("exit", .null)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// A document's text with the runs and style definitions the server sent.
struct HighlightedText {
    var text: String
    var encoding: String
    var runs: JSONValue
    var styles: [Int: JSONValue]

    /// Renders with 24-bit colour from the server's style definitions (plain with NO_COLOR
    /// or when standard output is not a terminal).
    func render() -> String {
        let colour = ANSIRenderer.shouldUseColorForStandardOutput(
            environment: ProcessInfo.processInfo.environment)
        var units: [UInt32]
        switch encoding {
        case "utf-8": units = text.utf8.map(UInt32.init)
        case "utf-16": units = text.utf16.map(UInt32.init)
        default: units = text.unicodeScalars.map(\.value)
        }
        var output = ""
        var position = 0
        for run in runs.arrayValue ?? [] {
            let pair = run.arrayValue ?? []
            guard pair.count == 2, let length = pair[0].intValue, let id = pair[1].intValue else { continue }
            let piece = Self.string(units[position..<min(position + length, units.count)], encoding)
            position += length
            guard colour, let hex = styles[id]?["foreground"]?.stringValue, let color = ThemeColor(hex: hex)
            else {
                output += piece
                continue
            }
            let rgb = color.rgb
            let escape = "\u{1B}[38;2;\(rgb.red);\(rgb.green);\(rgb.blue)m"
            output += piece.split(separator: "\n", omittingEmptySubsequences: false).map {
                escape + $0 + "\u{1B}[0m"
            }
            .joined(separator: "\n")
        }
        return output
    }

    private static func string(_ units: ArraySlice<UInt32>, _ encoding: String) -> String {
        switch encoding {
        case "utf-8": return String(decoding: units.map { UInt8($0) }, as: UTF8.self)
        case "utf-16": return String(decoding: units.map { UInt16($0) }, as: UTF16.self)
        default: return String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init)))
        }
    }
}
