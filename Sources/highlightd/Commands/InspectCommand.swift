import ArgumentParser
import DaemonCore
import Foundation
import JSONRPC
import TextRope

/// Prints what the daemon knows of the token at a place in a file: its scopes, language,
/// kind, style, theme rule and semantic token type (`textStorage/inspect`, answered by a
/// server in this process).
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show the scopes, style and theme rule of the token at LINE:COLUMN of a file.",
        discussion: """
            LINE and COLUMN count from 1, COLUMN in characters (Unicode scalars), as editors \
            show them. The answer is the daemon's textStorage/inspect, run in this process.
            """
    )

    @Argument(help: "The file.")
    var file: String

    @Argument(help: "The place: LINE:COLUMN, both from 1.")
    var position: String

    @Option(help: "The language id (default: detected from the file name and first line).")
    var language: String?

    @Option(help: "The theme: dark, light, an extension theme's label, or a path.")
    var theme = "dark"

    @Option(help: "A folder of grammars to load besides the bundled ones (repeatable).")
    var grammars: [String] = []

    @OptionGroup var extensions: ExtensionOptions

    @Flag(help: "Print the answer as JSON.")
    var json = false

    func run() throws {
        let parts = position.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]), line >= 1, column >= 1
        else {
            throw ValidationError("the position must be LINE:COLUMN, both from 1 (got \(position))")
        }
        let url = URL(fileURLWithPath: file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var configuration = ServerConfiguration(
            grammarFolders: grammars.map { URL(fileURLWithPath: $0) }, defaultTheme: theme)
        configuration.extensionPaths = extensions.allPaths
        configuration.fileAssociations = try extensions.parsedAssociations()
        var answers: [JSONValue] = []
        var failure: ResponseError?
        let server = Server(configuration: configuration) { message in
            guard case .response(_, let result) = message else { return }
            switch result {
            case .success(let value): answers.append(value)
            case .failure(let error): failure = error
            }
        }
        let uri = url.absoluteString
        server.handle(
            .request(
                id: .integer(1), method: "initialize",
                params: ["capabilities": ["general": ["positionEncodings": ["utf-32"]]], "processId": .null]))
        server.handle(.notification(method: "initialized", params: [:]))
        server.handle(
            .notification(
                method: "textDocument/didOpen",
                params: [
                    "textDocument": [
                        "uri": .string(uri), "languageId": .string(language ?? ""), "version": 1,
                        "text": .string(text),
                    ]
                ]))
        let offset = try Self.scalarOffset(line: line, column: column, in: text)
        server.handle(
            .request(
                id: .integer(2), method: "textStorage/inspect",
                params: ["uri": .string(uri), "offset": .integer(offset)]))
        if let failure { throw ValidationError(failure.message) }
        guard let answer = answers.last else { throw ExitCode.failure }
        if json {
            print(String(decoding: answer.prettyPrintedBytes(), as: UTF8.self))
        } else {
            print(Self.describe(answer))
        }
    }

    /// The scalar offset of a 1-based line and column; the column may point just past the
    /// line's last character.
    static func scalarOffset(line: Int, column: Int, in text: String) throws -> Int {
        let buffer = TextBuffer(text)
        guard line <= buffer.lineCount else {
            throw ValidationError("the file has \(buffer.lineCount) lines")
        }
        let bounds = try buffer.lineBounds(LineIndex(line - 1))
        let start = buffer.offset(fromUTF8: bounds.start, to: .utf32)
        let length = buffer.offset(fromUTF8: bounds.contentEnd, to: .utf32) - start
        guard column <= length + 1 else { throw ValidationError("line \(line) has \(length) characters") }
        return start + column - 1
    }

    /// The answer for people: one field a line.
    static func describe(_ answer: JSONValue) -> String {
        func string(_ key: String) -> String { answer[key]?.stringValue ?? "-" }
        let scopes = (answer["scopes"]?.arrayValue ?? []).compactMap(\.stringValue)
        let modifiers = (answer["semanticTokenModifiers"]?.arrayValue ?? []).compactMap(\.stringValue)
        var lines = [
            "text        \(string("text").debugDescription)",
            "language    \(string("languageId"))",
            "token kind  \(string("tokenKind"))",
            "foreground  \(string("foreground"))",
            "background  \(string("background"))",
            "font style  \(string("fontStyle").isEmpty ? "-" : string("fontStyle"))",
            "theme rule  \(string("themeRule"))",
            "semantic    \(string("semanticTokenType"))\(modifiers.isEmpty ? "" : " (" + modifiers.joined(separator: ", ") + ")")",
            "scopes",
        ]
        lines += scopes.reversed().map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}
