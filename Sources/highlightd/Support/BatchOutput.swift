import Foundation
import JSONRPC

/// How each file of a batch `highlight` is written: JSON Lines, ANSI under a header, or one
/// HTML page per file.
struct BatchOutput {
    let format: OutputFormat
    let outputDir: String?

    func emit(_ path: String, _ result: Result<String, FileHighlightError>) {
        switch result {
        case .failure(let error):
            warn("\(error)")
            if format.isJSON {
                write("{\"file\":\(Self.quote(path)),\"error\":\(Self.quote(error.description))}\n")
            }
        case .success(let rendered):
            switch format {
            case .json, .jsonCompact:
                // One line per file: the renderer's line breaks all sit between tokens (JSON
                // strings escape theirs), so dropping them keeps the object intact.
                var line = Array("{\"file\":\(Self.quote(path)),".utf8)
                line += rendered.utf8.dropFirst().lazy.filter { $0 != UInt8(ascii: "\n") }
                line.append(UInt8(ascii: "\n"))
                FileHandle.standardOutput.write(Data(line))
            case .ansi:
                write("==> \(path) <==\n" + rendered + (rendered.hasSuffix("\n") ? "" : "\n"))
            case .html:
                writePage(rendered, for: path)
            }
        }
    }

    private func writePage(_ page: String, for path: String) {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let target = URL(fileURLWithPath: outputDir ?? ".").appendingPathComponent(relative + ".html")
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(page.utf8).write(to: target)
            write(target.path + "\n")
        } catch {
            warn("cannot write \(target.path): \(error.localizedDescription)")
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// `text` as a JSON string.
    static func quote(_ text: String) -> String {
        String(decoding: JSONValue.string(text).serializedBytes(), as: UTF8.self)
    }
}
