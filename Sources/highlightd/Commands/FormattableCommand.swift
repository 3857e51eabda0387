import ArgumentParser
import Foundation
import JSONRPC
import RichText

/// Renders FormattableContent (WordPress notifications' text plus typed ranges).
struct FormattableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formattable",
        abstract: "Render FormattableContent (a block, a group of blocks, or a list) as ANSI, HTML or JSON."
    )

    /// How the content is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case ansi, html, json
    }

    @Argument(help: "A FormattableContent JSON file.")
    var file: String

    @Option(help: "A styles file: {\"attributes\", \"quoteStyles\", \"rangeStylesMap\", \"linksColor\"}.")
    var styles: String?

    @Option(help: "Output format: ansi, html, or json (the content as rendered: text and shifted ranges).")
    var format: Format = .ansi

    @Option(help: "When to colour ANSI output: auto, always, never.")
    var color: ColorChoice = .auto

    func run() throws {
        let json = try Self.readJSON(file)
        var warnings: [FormattableContentError] = []
        let document: FormattableDocument
        let formatter: FormattableContentFormatter
        do {
            document = try FormattableDocument(json: json, warnings: &warnings)
            formatter = FormattableContentFormatter(
                styles: try styles.map { try FormattableContentStyles(json: try Self.readJSON($0)) }
                    ?? .standard)
        } catch let error as FormattableContentError {
            warn("\(file): \(error)")
            throw ExitCode.failure
        }
        for warning in warnings { warn("\(file)\(warning.path): skipped: \(warning.message)") }
        for block in document.blocks {
            for range in block.ranges
            where formatter.styles.rangeStylesMap[range.type] == nil && range.url == nil {
                warn("\(file): range type \"\(range.type)\" has no style in the styles map; shown plain")
            }
        }
        let output: String
        switch format {
        case .json:
            output =
                String(
                    decoding: document.mapBlocks { $0.applyingInsertions() }.json.serialized(), as: UTF8.self)
                + "\n"
        case .html:
            output = FormattableHTMLWriter(title: URL(fileURLWithPath: file).lastPathComponent).page(
                document, formatter: formatter)
        case .ansi:
            let enabled = color.isEnabled(environment: ProcessInfo.processInfo.environment)
            output = FormattableANSIWriter(colorEnabled: enabled).text(document, formatter: formatter)
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// A JSON file's value; unreadable or invalid JSON ends the command with a message.
    static func readJSON(_ path: String) throws -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            warn("cannot read \(path)")
            throw ExitCode.failure
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            warn("\(path): not JSON: \(error)")
            throw ExitCode.failure
        }
    }
}
