import DaemonCore
import Foundation
import JSONRPC
import TestSupport
import Testing

/// A grammar rule that neither PCRE2 nor Oniguruma can run is written to the daemon's log
/// once, naming the grammar, the pattern and the word `disabled`; the rest highlights.
struct DisabledRuleLogTests {
    @Test func aDisabledRuleIsLoggedOnceWhateverTheEditsAndDocuments() throws {
        let folder = try ScratchFolder.make()
        try #"""
        {"scopeName": "source.broken", "fileTypes": ["broken"],
         "patterns": [{"match": "(?<=a", "name": "never"}, {"match": "\\d+", "name": "constant.numeric"}]}
        """#.write(
            to: folder.appendingPathComponent("broken.tmLanguage.json"), atomically: true, encoding: .utf8)
        let log = folder.appendingPathComponent("daemon.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        var sent: [RPCMessage] = []
        let server = Server(
            configuration: .init(grammarFolders: [folder], loadsBundledGrammars: false, logFile: log)
        ) { sent.append($0) }
        server.handle(.request(id: .integer(1), method: "initialize", params: ["capabilities": [:]]))
        for (index, uri) in ["file:///a.broken", "file:///b.broken"].enumerated() {
            server.handle(
                .notification(
                    method: "textDocument/didOpen",
                    params: [
                        "textDocument": [
                            "uri": .string(uri), "languageId": "", "version": 1, "text": "a 12\nb 34\n",
                        ]
                    ]))
            server.handle(
                .notification(
                    method: "textDocument/didChange",
                    params: [
                        "textDocument": ["uri": .string(uri), "version": 2],
                        "contentChanges": [["text": .string("c \(index)\n")]],
                    ]))
        }
        let text = try String(contentsOf: log, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.contains("disabled") }
        #expect(lines.count == 1, "\(text)")
        #expect(lines.first?.contains("source.broken") == true)
        #expect(lines.first?.contains("(?<=a") == true)
        _ = sent
    }
}
