import DaemonCore
import Dispatch
import Foundation
import GrammarEngine
import JSONRPC
import Rendering
import ThemeEngine

/// A client session with a `highlightd serve` child process, keeping the document text and
/// the style definitions it was sent.
final class DaemonSession {
    private let client: ServerProcessClient
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
        client = try ServerProcessClient(
            executable: executable, arguments: ["serve"] + grammarFolders.flatMap { ["--grammars", $0] },
            log: nil)
        _ = try call(
            "initialize",
            [
                "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                "initializationOptions": ["attributeDeltas": true, "theme": .string(theme)],
            ])
        client.notify("initialized", [:])
    }

    /// Records the style definitions a push carries.
    private func absorb(_ message: RPCMessage) {
        if case .notification("textStorage/didProcessEditing", let params?) = message {
            for (key, value) in params["styles"]?.objectValue ?? [:] { styles[Int(key) ?? 0] = value }
        }
    }

    private func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let (result, before) = try client.call(method, params)
        before.forEach(absorb)
        return result
    }

    func open(uri: String, languageId: String, text: String) throws {
        texts[uri] = Array(text.unicodeScalars)
        client.notify(
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
        client.notify(
            "textStorage/edit",
            ["uri": .string(uri), "version": .integer(version), "edits": .array(converted)])
        _ = try client.wait { message in
            absorb(message)
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
            let result = try call("textStorage/attributes", ["uri": .string(uri)])
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
        _ = try? call("shutdown", .null)
        client.notify("exit", nil)
        _ = client.finish()
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
            // Runs come from another process: clamp them to the text rather than trust them.
            let lower = min(position, units.count)
            let count = min(max(length, 0), units.count - lower)
            let piece = Self.string(units[lower..<(lower + count)], encoding)
            position = lower + count
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
